-- Sign-ins were logged with no author, so the logs screen named "System" (decision 0111). The app now records the
-- person who signed in; this names them on the entries written before, by the entry's user id.
UPDATE "audit_log" AS a SET "created_by_id" = u."id"
FROM "users" AS u
WHERE a."type" = 'session.signIn' AND a."entity" = 'user' AND a."created_by_id" IS NULL AND a."entity_id" = u."id"::text;
