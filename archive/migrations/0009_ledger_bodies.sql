-- hansard archive schema, version 9: each ledger entry keeps its lines in
-- one column as well, so that looking candidates up reads one row per
-- entry instead of one per line. body holds the lines in order, one per
-- text line: "<pos> <trivial 0|1> <key hash> <text>" (an introduced line
-- never holds a newline). ledger_lines stays the index by key hash.
ALTER TABLE ledger_entries ADD COLUMN body TEXT NOT NULL DEFAULT '';

UPDATE ledger_entries SET body = coalesce((
    SELECT group_concat(l.pos || ' ' || l.trivial || ' ' || l.key_hash || ' ' || l.text, char(10) ORDER BY l.n)
    FROM ledger_lines l WHERE l.entry = ledger_entries.id), '');
