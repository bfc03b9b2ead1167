package archive

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// The archive remembers how its text was redacted (meta "redaction":
// "off", or "on" and the rules' version, Options.RedactVersion). When a
// refresh finds another setting (redaction turned on or off in the
// config, rules that find more, or an archive from before the setting was
// recorded) it stores every text again under the new one:
//
//  1. every source is re-parsed from its retained copy (as Rebuild does),
//     replacing its sessions' rows, and the setting is recorded as
//     pending, so that an interrupted refresh goes on with what is left;
//  2. what is derived from the old text goes: the edit ledger (replayed
//     from the new edits on the next question), every cached blame and
//     answer, and the full-text indexes are rebuilt from the new text;
//  3. with secure_delete on, VACUUM rewrites the database file from its
//     live rows, leaving no free page with old bytes, and a truncating
//     checkpoint empties the WAL (while another process reads an older
//     state it cannot: the refresh warns, the setting stays pending and
//     the next refresh does this step again);
//
// and only then records the new setting.

const metaRedaction = "redaction"

// pendingPrefix marks a setting whose re-store has begun.
const pendingPrefix = "pending "

// redactionSetting is what meta "redaction" says once the text is stored
// under this Archive's redaction.
func (a *Archive) redactionSetting() string {
	if a.redact == nil {
		return "off"
	}
	return strings.TrimSpace("on " + a.redactV)
}

// redactionRecorded reports whether the stored text was redacted as this
// Archive redacts (what quickUnchanged needs to know).
func (a *Archive) redactionRecorded(ctx context.Context) (bool, error) {
	stored, err := a.getMeta(ctx, metaRedaction)
	return stored == a.redactionSetting(), err
}

// beginRedactionChange checks the stored setting under the write lock. It
// reports whether the text must be stored again; when so it marks every
// source of providers for re-parsing (unless a re-store already under way
// did) and records the setting as pending. An archive holding no source
// just records the setting.
func (a *Archive) beginRedactionChange(ctx context.Context, mark func() error) (bool, error) {
	want := a.redactionSetting()
	stored, err := a.getMeta(ctx, metaRedaction)
	if err != nil || stored == want {
		return false, err
	}
	if stored != pendingPrefix+want {
		var n int
		if err := a.db.QueryRowContext(ctx, `SELECT count(*) FROM sources`).Scan(&n); err != nil {
			return false, fmt.Errorf("redaction setting: %w", err)
		}
		if n == 0 {
			return false, a.setMeta(ctx, metaRedaction, want)
		}
		if err := mark(); err != nil {
			return false, err
		}
		if err := a.setMeta(ctx, metaRedaction, pendingPrefix+want); err != nil {
			return false, err
		}
	}
	return true, nil
}

// finishRedactionChange removes what the old text left behind, once every
// source has been stored again, and records the setting.
func (a *Archive) finishRedactionChange(ctx context.Context) error {
	if v, err := a.getMeta(ctx, metaLedgerVersion); err != nil {
		return err
	} else if n, err := strconv.Atoi(v); err == nil {
		if err := a.ResetLedger(ctx, n); err != nil {
			return err
		}
	}
	conn, err := a.db.Conn(ctx)
	if err != nil {
		return fmt.Errorf("redaction: %w", err)
	}
	defer conn.Close()
	for _, q := range []string{
		`DELETE FROM attribution_cache`,
		`INSERT INTO messages_fts(messages_fts) VALUES ('rebuild')`,
		`INSERT INTO results_fts(results_fts) VALUES ('rebuild')`,
		`DELETE FROM vocab`,
		sqlFillVocab,
		`INSERT INTO vocab_fts(vocab_fts) VALUES ('rebuild')`,
		`INSERT INTO inputs_fts(inputs_fts) VALUES ('rebuild')`,
		`INSERT INTO full_results_fts(full_results_fts) VALUES ('rebuild')`,
		`PRAGMA secure_delete = ON`,
		`PRAGMA temp_store = FILE`, // VACUUM's copy of the database is not held in memory
		`VACUUM`,
		`PRAGMA secure_delete = OFF`,
		`PRAGMA temp_store = MEMORY`,
	} {
		if _, err := conn.ExecContext(ctx, q); err != nil {
			return fmt.Errorf("redaction: %s: %w", q, err)
		}
	}
	if err := truncateWAL(ctx, conn); err != nil {
		return err
	}
	if err := setMetaTx(ctx, conn, metaRedaction, a.redactionSetting()); err != nil {
		return err
	}
	// The setting's own commit is in the WAL again: checkpoint it away too.
	a.markDurable()
	return truncateWAL(ctx, conn)
}

// truncateWAL copies the WAL into the database file and empties it, or
// returns errWALInUse.
func truncateWAL(ctx context.Context, conn dbtx) error {
	var busy, frames, copied int
	if err := conn.QueryRowContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`).Scan(&busy, &frames, &copied); err != nil {
		return fmt.Errorf("redaction: checkpoint: %w", err)
	}
	if busy != 0 {
		return errWALInUse
	}
	return nil
}

// errWALInUse: another process reads the archive, so its WAL cannot be
// emptied now.
var errWALInUse = errors.New("redaction changed: another process holds the archive open, so the text stored before is removed from its WAL at the next refresh")
