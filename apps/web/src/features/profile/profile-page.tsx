import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageTitle } from '../../components/page-title.tsx';
import { useCurrentUser } from '../../lib/current-user.ts';

const Field = ({ label, value }: { label: string; value: string | null }) => (
  <Box>
    <Typography variant="caption" color="text.secondary" component="div" id={`profile-${label}`}>
      {label}
    </Typography>
    <Typography aria-labelledby={`profile-${label}`}>{value || '—'}</Typography>
  </Box>
);

/** 'User Profile', read-only for now: who the user is. Editing comes with the profile issue. */
export const ProfilePage = () => {
  const { data: user } = useCurrentUser();
  if (!user) return null;
  return (
    <>
      <PageTitle>User Profile</PageTitle>
      <Paper variant="outlined" sx={{ p: 3, maxWidth: 640 }}>
        <Stack direction="row" spacing={3} sx={{ alignItems: 'flex-start' }}>
          <Avatar src={user.avatar ?? undefined} alt={user.fullName} sx={{ width: 72, height: 72, fontSize: 26 }}>
            {user.fullName
              .split(/\s+/)
              .filter(Boolean)
              .slice(0, 2)
              .map((part) => part[0]?.toUpperCase())
              .join('')}
          </Avatar>
          <Stack spacing={1.5}>
            <Field label="Full Name" value={user.fullName} />
            <Field label="E-mail" value={user.email} />
            <Field label="Job Title" value={user.jobTitle} />
          </Stack>
        </Stack>
      </Paper>
    </>
  );
};
