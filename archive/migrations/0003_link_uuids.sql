-- Links a provider could only state as "the session that owns message U"
-- (transcripts.Link.ParentMessageUUID): a Claude session continued or
-- resumed in a new file names a message of the old one, not its id. They
-- are kept here and resolved to the owner of the message as soon as it is
-- stored, whatever order the files are read in.
CREATE TABLE link_uuids (
    session_id  TEXT NOT NULL,
    parent_uuid TEXT NOT NULL,
    relation    TEXT NOT NULL,
    evidence    TEXT NOT NULL DEFAULT '',
    parent_id   TEXT NOT NULL DEFAULT '',  -- owner of the message; '' while unknown, session_id when its own
    PRIMARY KEY (session_id, parent_uuid, relation)
) WITHOUT ROWID;
CREATE INDEX link_uuids_open ON link_uuids (parent_uuid) WHERE parent_id = '';

-- Finds the session that owns a message uuid.
CREATE INDEX messages_uuid ON messages (uuid) WHERE uuid != '';
