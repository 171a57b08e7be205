import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { profileEndpoints, type MyProfile, type ProfileUpdate } from '@credence/contracts';
import { request } from '../../lib/api-client.ts';
import { currentUserQueryKey } from '../../lib/current-user.ts';
import { callEndpoint } from '../../lib/endpoint-client.ts';

export const profileQueryKey = ['user', 'profile'] as const;

export const useProfile = () =>
  useQuery({ queryKey: profileQueryKey, queryFn: () => callEndpoint(profileEndpoints.get, {}) });

/** PUT the profile; the answer (secrets only as set / not set) replaces the cached profile. */
export const useUpdateProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdate) => callEndpoint(profileEndpoints.update, { body }),
    meta: { silentError: true },
    onSuccess: (profile: MyProfile) => {
      queryClient.setQueryData(profileQueryKey, profile);
      // A changed password moves its expiry; the top bar reads the user.
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
};

/** POST the photo as multipart (one part `avatar`); the server checks it by content and stores a small square. */
export const useUploadAvatar = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('avatar', file, file.name);
      const { method, path, response } = profileEndpoints.uploadAvatar;
      return request(method, path, form, { schema: response });
    },
    meta: { silentError: true },
    onSuccess: ({ avatar }) => {
      queryClient.setQueryData<MyProfile>(profileQueryKey, (old) => (old ? { ...old, avatar } : old));
      // The top bar shows the avatar from the signed-in user.
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
};
