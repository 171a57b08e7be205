import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { adminAreas, adminRights, messages } from '@credence/contracts';
import { PageTitle } from '../../components/page-title.tsx';
import { hasRight, useCurrentUser } from '../../lib/current-user.ts';
import { MfaRequirementBanner } from '../mfa/index.ts';
import { adminAreaGuide, adminGroups, type AdminGroup } from './admin-home-areas.ts';

type Entry = { key: string; title: string; description: string; group: AdminGroup };

/** Case and accents aside, does the text hold every word typed? */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
const matches = (entry: Entry, words: string[]) => words.every((word) => fold(entry.title).includes(word));

/**
 * /admin: the administration areas the user may open (their rights), grouped — users and access, lending policy,
 * products and pricing, funding, integrations, communications, compliance and audit — each with what it is for,
 * and a search by name.
 */
export const AdminHomePage = () => {
  const { data: user } = useCurrentUser();
  const [search, setSearch] = useState('');
  const isAdmin = adminRights.some((right) => user?.rights.includes(right));
  const open = useMemo<Entry[]>(
    () =>
      adminAreas
        .filter((area) => hasRight(user, area.right))
        .map((area) => ({
          key: area.key,
          title: area.title,
          description: adminAreaGuide[area.key]?.description ?? '',
          group: adminAreaGuide[area.key]?.group ?? 'Other',
        })),
    [user],
  );
  const words = fold(search.trim()).split(/\s+/).filter(Boolean);
  const shown = open.filter((entry) => matches(entry, words));
  const groups = [...adminGroups, 'Other' as const]
    .map((group) => ({ group, entries: shown.filter((entry) => entry.group === group) }))
    .filter(({ entries }) => entries.length > 0);

  if (user && !isAdmin) {
    return (
      <>
        <PageTitle>Administration</PageTitle>
        <Alert severity="error">{messages.errors.forbidden}</Alert>
      </>
    );
  }

  return (
    <>
      <PageTitle>Administration</PageTitle>
      <MfaRequirementBanner />
      <TextField
        placeholder="Search areas by name"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        sx={{ width: 360, maxWidth: '100%', mb: 3 }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
          htmlInput: { 'aria-label': 'Search administration areas', maxLength: 100 },
        }}
      />
      {user && groups.length === 0 ? (
        <Typography color="text.secondary" data-testid="admin-home-empty">
          No area's name matches “{search.trim()}”.
        </Typography>
      ) : null}
      <Box data-testid="admin-home-areas">
        {groups.map(({ group, entries }) => (
          <Box component="section" key={group} aria-labelledby={`admin-group-${group}`} sx={{ mb: 3.5 }}>
            <Typography
              variant="overline"
              component="h2"
              id={`admin-group-${group}`}
              sx={{ display: 'block', mb: 1, color: 'text.secondary', fontWeight: 600, letterSpacing: 1 }}
            >
              {group}
            </Typography>
            <Box
              component="ul"
              sx={{
                listStyle: 'none',
                p: 0,
                m: 0,
                display: 'grid',
                gap: 1.5,
                gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
              }}
            >
              {entries.map((entry) => (
                <Box component="li" key={entry.key}>
                  <Card variant="outlined" sx={{ height: '100%' }}>
                    <CardActionArea
                      component={RouterLink}
                      to={`/admin/${entry.key}`}
                      sx={{ height: '100%', p: 1.75, display: 'block' }}
                    >
                      <Typography variant="subtitle1" component="span" sx={{ display: 'block', fontWeight: 600 }}>
                        {entry.title}
                      </Typography>
                      {entry.description ? (
                        <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
                          {entry.description}
                        </Typography>
                      ) : null}
                    </CardActionArea>
                  </Card>
                </Box>
              ))}
            </Box>
          </Box>
        ))}
      </Box>
    </>
  );
};
