-- The hub's per-lender change sequence (issue 31 item 4; platform/hub-signal.ts, modules/hub-events): every signal to
-- a room of a lender (user:, lender:, application:) is also a row here, written in the transaction of the change, so
-- a client that was disconnected reads what it missed (GET /api/hub/events?since=cursor). Hand-written, queried with
-- raw SQL: no Drizzle schema. Kept 24 hours (the hub-events-prune job).
--
-- The cursor is a transaction-id horizon, not the id: a catch-up read answers pg_snapshot_xmin of its own snapshot,
-- and the next read returns every event with xid >= that horizon. Every transaction below the horizon had ended when
-- the read ran, so its events were in that read; a transaction at or above it may commit later, and is read next
-- time. An id cursor would lose a transaction that took a lower id but committed after a read that saw a higher one
-- (ids are taken in order, commits are not). The price: an event may be read twice; the client dedupes by id.
CREATE TABLE hub_events (
  id bigserial PRIMARY KEY,
  lender_id integer NOT NULL REFERENCES lenders(id),
  room text NOT NULL,
  event text NOT NULL,
  data jsonb,
  xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX hub_events_lender_xid ON hub_events (lender_id, xid);
--> statement-breakpoint
CALL credence_protect_tenant_table('hub_events');
--> statement-breakpoint
GRANT SELECT, INSERT ON hub_events TO credence_app;
--> statement-breakpoint
REVOKE UPDATE, DELETE ON hub_events FROM credence_app;
--> statement-breakpoint
GRANT USAGE ON SEQUENCE hub_events_id_seq TO credence_app;
--> statement-breakpoint
-- The highest transaction id of the events the retention deleted: a cursor at or below it may have missed some, and
-- its catch-up says it is not complete (the client then reads everything again). One row, no lender's data.
CREATE TABLE hub_event_retention (
  single boolean PRIMARY KEY DEFAULT true CHECK (single),
  pruned_through xid8
);
--> statement-breakpoint
INSERT INTO hub_event_retention DEFAULT VALUES;
--> statement-breakpoint
REVOKE INSERT, UPDATE, DELETE ON hub_event_retention FROM credence_app;
--> statement-breakpoint
GRANT SELECT ON hub_event_retention TO credence_app;
--> statement-breakpoint
-- A signal: an event row for a room of a lender (not a session's revocation), then the NOTIFY with the row's id, so a
-- client dedupes the socket's event and the catch-up's alike. Runs with the caller's rights: in a tenant
-- transaction the row-level policy lets it write only into the caller's lender (a signal to another lender's room
-- fails loudly with the change); outside one (jobs, sign-in bookkeeping) the owner writes.
CREATE OR REPLACE FUNCTION credence_hub_signal(room text, event text, data jsonb DEFAULT NULL) RETURNS void
  LANGUAGE plpgsql AS $$
DECLARE
  lender integer := substring(credence_hub_signal.room FROM '^(?:user|lender|application):(\d+):')::integer;
  event_id bigint;
BEGIN
  IF lender IS NOT NULL THEN
    INSERT INTO hub_events (lender_id, room, event, data)
      VALUES (lender, credence_hub_signal.room, credence_hub_signal.event, credence_hub_signal.data)
      RETURNING id INTO event_id;
  END IF;
  PERFORM pg_notify('credence_hub', json_build_object('id', event_id, 'room', credence_hub_signal.room,
    'event', credence_hub_signal.event, 'data', credence_hub_signal.data)::text);
END $$;
--> statement-breakpoint
-- An application's event names it (a client following several, or catching up, knows which one changed).
CREATE OR REPLACE FUNCTION credence_hub_application_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM credence_hub_signal('application:' || NEW.lender_id || ':' || NEW.id, 'application',
          jsonb_build_object('applicationId', NEW.id, 'state', NEW.state, 'lockedByUserId', NEW.locked_by_user_id));
  IF OLD.queue IS DISTINCT FROM NEW.queue OR OLD.state IS DISTINCT FROM NEW.state THEN
    PERFORM credence_hub_signal('lender:' || NEW.lender_id || ':queueCount', 'queueCount'),
            credence_hub_signal('lender:' || NEW.lender_id || ':queues', 'queues');
  END IF;
  RETURN NULL;
END $$;
