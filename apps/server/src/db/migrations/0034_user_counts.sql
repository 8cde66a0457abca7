CREATE TABLE "user_counts" (
	"role" text NOT NULL,
	"status" text NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "user_counts_role_status_pk" PRIMARY KEY("role","status")
);
--> statement-breakpoint
-- hand-written below
-- user_counts follows users: accounts added or deleted are counted per statement (a bulk import at once),
-- a change of role or status per row, and only when one of them changes (a login touches neither).
CREATE OR REPLACE FUNCTION user_counts_add(p_role text, p_status text, p_count bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO user_counts AS c (role, status, count) VALUES (p_role, p_status, p_count)
  ON CONFLICT (role, status) DO UPDATE SET count = c.count + EXCLUDED.count
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION user_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM user_counts_add(role, status, count(*)) FROM new_rows GROUP BY role, status;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM user_counts_add(role, status, -count(*)) FROM old_rows GROUP BY role, status;
  ELSE
    PERFORM user_counts_add(OLD.role, OLD.status, -1);
    PERFORM user_counts_add(NEW.role, NEW.status, 1);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER user_counts_insert AFTER INSERT ON users
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_counts_follow();--> statement-breakpoint
CREATE TRIGGER user_counts_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION user_counts_follow();--> statement-breakpoint
CREATE TRIGGER user_counts_update AFTER UPDATE OF role, status ON users
  FOR EACH ROW WHEN (OLD.role IS DISTINCT FROM NEW.role OR OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION user_counts_follow();--> statement-breakpoint
INSERT INTO user_counts (role, status, count) SELECT role, status, count(*) FROM users GROUP BY role, status;
