import { z } from 'zod';

export const usefulLinkSchema = z.object({
  name: z.string().trim().min(1).max(100),
  link: z.string().trim().min(1).max(2000),
});
export type UsefulLink = z.infer<typeof usefulLinkSchema>;
export const usefulLinksSchema = z.array(usefulLinkSchema).max(100);
