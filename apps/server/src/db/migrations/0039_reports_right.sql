-- The Reports area (issue 33): the right canViewReports. A lender's administrator roles (those that may manage its
-- users) get it; loan officers and processors do not — the reports show the whole lender's production per officer
-- and branch and the Regulation B register. A new database has no roles yet: the demo seed grants it there.
INSERT INTO role_rights (role_id, lender_id, "right")
SELECT rr.role_id, rr.lender_id, 'canViewReports'
  FROM role_rights rr
 WHERE rr."right" = 'canManageUsers'
ON CONFLICT DO NOTHING;
