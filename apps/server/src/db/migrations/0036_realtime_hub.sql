-- The real-time hub's signals (platform/hub-signal.ts, platform/hub.ts): NOTIFY on channel credence_hub, sent by
-- triggers in the transaction of the change, so they go out when it commits and never when it rolls back, whatever
-- code path made the change. A signal names a room and an event; the client reads the change through the API.
CREATE OR REPLACE FUNCTION credence_hub_signal(room text, event text, data jsonb DEFAULT NULL) RETURNS void
  LANGUAGE sql AS $$
  SELECT pg_notify('credence_hub', json_build_object('room', room, 'event', event, 'data', data)::text)
$$;
--> statement-breakpoint
-- A revoked session: its sockets are closed at once.
CREATE OR REPLACE FUNCTION credence_hub_session_revoked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM credence_hub_signal('session:' || NEW.id, 'revoked');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_hub_revoked AFTER UPDATE OF revoked_at ON sessions
  FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
  EXECUTE FUNCTION credence_hub_session_revoked();
--> statement-breakpoint
-- New notifications: one signal per user of the statement.
CREATE OR REPLACE FUNCTION credence_hub_notifications() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM credence_hub_signal('user:' || lender_id || ':' || user_id, 'notification')
     FROM (SELECT DISTINCT lender_id, user_id FROM inserted) u;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER notifications_hub AFTER INSERT ON notifications REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION credence_hub_notifications();
--> statement-breakpoint
-- New applications: the lender's queue counts and queue rows changed (one signal per lender and statement).
CREATE OR REPLACE FUNCTION credence_hub_applications_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM credence_hub_signal('lender:' || lender_id || ':queueCount', 'queueCount'),
          credence_hub_signal('lender:' || lender_id || ':queues', 'queues')
     FROM (SELECT DISTINCT lender_id FROM inserted) l;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER applications_hub_inserted AFTER INSERT ON applications REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION credence_hub_applications_inserted();
--> statement-breakpoint
-- An application's state, queue or lock holder changed: its room, and the lender's queues when its queue moved.
-- Only updates naming these columns fire it (a worksheet save of other fields does not).
CREATE OR REPLACE FUNCTION credence_hub_application_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM credence_hub_signal('application:' || NEW.lender_id || ':' || NEW.id, 'application',
          jsonb_build_object('state', NEW.state, 'lockedByUserId', NEW.locked_by_user_id));
  IF OLD.queue IS DISTINCT FROM NEW.queue OR OLD.state IS DISTINCT FROM NEW.state THEN
    PERFORM credence_hub_signal('lender:' || NEW.lender_id || ':queueCount', 'queueCount'),
            credence_hub_signal('lender:' || NEW.lender_id || ':queues', 'queues');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER applications_hub_changed
  AFTER UPDATE OF state, locked_by_user_id, requirements_outstanding, packet_received_date ON applications
  FOR EACH ROW WHEN (OLD.state IS DISTINCT FROM NEW.state
                     OR OLD.locked_by_user_id IS DISTINCT FROM NEW.locked_by_user_id
                     OR OLD.queue IS DISTINCT FROM NEW.queue)
  EXECUTE FUNCTION credence_hub_application_changed();
