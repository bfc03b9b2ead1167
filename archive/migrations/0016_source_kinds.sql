-- hansard archive schema, version 16: sources of every kind
-- (transcripts.Kind).
--
-- kind is 'append', 'upsert' or 'snapshot'. A snapshot source is read
-- whole each time its content changes, into the sessions it already
-- wrote: content_hash is the SHA-256 of the generation last read, and
-- snapshot_lens the lengths of the generations its retained copy holds
-- one after the other (a JSON array), which a rebuild reads again in
-- order.
ALTER TABLE sources ADD COLUMN kind TEXT NOT NULL DEFAULT 'append';
ALTER TABLE sources ADD COLUMN content_hash BLOB;
ALTER TABLE sources ADD COLUMN snapshot_lens TEXT NOT NULL DEFAULT '[]';
