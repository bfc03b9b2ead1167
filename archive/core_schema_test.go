package archive

import (
	"context"
	"database/sql"
	"flag"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

var updateSchema = flag.Bool("update-schema", false, "rewrite schema.sql from migrations/ (see go generate)")

// A new archive gets schema.sql in one step; an old one migrates step by
// step. Both must end with the same database: the same schema objects
// (sqlite_master, but its page numbers), pragmas and rows in every table
// (schema_version, meta, the full-text indexes' shadow tables). A
// migration added without regenerating schema.sql fails here.
func TestFreshSchemaMatchesMigrations(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	stepwise := rawDB(t)
	if _, err := migrateFrom(ctx, stepwise, ""); err != nil {
		t.Fatal(err)
	}
	if *updateSchema {
		script, err := schemaScript(ctx, stepwise)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile("schema.sql", []byte(script), 0o644); err != nil {
			t.Fatal(err)
		}
		freshSchema = script
	}
	want := dbState(t, stepwise)
	if !strings.Contains(want, "schema_version|") || !strings.Contains(want, "table|messages|messages|CREATE TABLE") {
		t.Fatalf("the migrated database lacks its tables:\n%s", want)
	}

	fresh := rawDB(t)
	if _, err := fresh.ExecContext(ctx, freshSchema); err != nil {
		t.Fatalf("schema.sql: %v (run go generate ./archive)", err)
	}
	if got := dbState(t, fresh); got != want {
		t.Fatalf("schema.sql differs from what migrations/ make; run go generate ./archive\n%s", lineDiff(want, got))
	}

	// Open takes the fresh schema for a new archive and leaves it as the
	// migrations do.
	a, err := Open(ctx, Options{Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	if got := dbState(t, a.db); got != want {
		t.Fatalf("a new archive differs from a migrated one:\n%s", lineDiff(want, got))
	}
}

// rawDB opens an empty database with the archive's connection settings
// and SQL functions, and no schema.
func rawDB(t *testing.T) *sql.DB {
	t.Helper()
	if err := registerFTSFunctions(); err != nil {
		t.Fatal(err)
	}
	u := url.URL{Scheme: "file", Path: filepath.Join(t.TempDir(), DBName), RawQuery: dsnPragmas}
	db, err := sql.Open("sqlite", u.String())
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(1)
	t.Cleanup(func() { db.Close() })
	return db
}

// dbState is a database as text: its pragmas, its sqlite_master rows
// sorted (without rootpage, which depends on the order pages were taken
// in) and every row of every ordinary and shadow table, sorted.
func dbState(t *testing.T, db *sql.DB) string {
	t.Helper()
	var lines []string
	for _, p := range []string{"user_version", "application_id", "auto_vacuum", "page_size", "encoding", "journal_mode"} {
		var v string
		if err := db.QueryRow(`PRAGMA ` + p).Scan(&v); err != nil {
			t.Fatal(err)
		}
		lines = append(lines, "pragma "+p+" = "+v)
	}
	master := queryLines(t, db, `SELECT type, name, tbl_name, coalesce(sql, '') FROM sqlite_master`)
	slices.Sort(master)
	lines = append(lines, master...)
	tables := queryLines(t, db, `SELECT name FROM pragma_table_list WHERE schema = 'main' AND type IN ('table', 'shadow') AND name <> 'sqlite_schema' ORDER BY name`)
	for _, name := range tables {
		rows := queryLines(t, db, `SELECT * FROM "`+name+`"`)
		slices.Sort(rows)
		for _, r := range rows {
			lines = append(lines, name+"|"+r)
		}
	}
	return strings.Join(lines, "\n")
}

// queryLines returns the rows of q, columns joined by |, blobs in hex.
func queryLines(t *testing.T, db *sql.DB, q string) []string {
	t.Helper()
	rows, err := db.Query(q)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		parts := make([]string, len(vals))
		for i, v := range vals {
			if b, ok := v.([]byte); ok {
				parts[i] = fmt.Sprintf("%x", b)
			} else {
				parts[i] = fmt.Sprint(v)
			}
		}
		out = append(out, strings.Join(parts, "|"))
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// lineDiff lists the lines of want missing from got (-) and those of got
// missing from want (+).
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	for _, l := range w {
		if !slices.Contains(g, l) {
			b.WriteString("- " + l + "\n")
		}
	}
	for _, l := range g {
		if !slices.Contains(w, l) {
			b.WriteString("+ " + l + "\n")
		}
	}
	return b.String()
}

// schemaScript writes the SQL that makes db's schema in one step, from
// what db holds: its tables (virtual ones included, their shadow tables
// left to them), views, indexes and triggers, each as sqlite_master
// stored it and in the order they were made; the full-text indexes'
// settings and totals; the AUTOINCREMENT counters; the schema version.
// Any other row is an error: a new archive
// holds none.
func schemaScript(ctx context.Context, db *sql.DB) (string, error) {
	shadow := map[string]bool{}
	virtual := []string{}
	rows, err := db.QueryContext(ctx, `SELECT name, type FROM pragma_table_list WHERE schema = 'main'`)
	if err != nil {
		return "", err
	}
	for rows.Next() {
		var name, typ string
		if err := rows.Scan(&name, &typ); err != nil {
			rows.Close()
			return "", err
		}
		switch typ {
		case "shadow":
			shadow[name] = true
		case "virtual":
			virtual = append(virtual, name)
		}
	}
	rows.Close()
	var b strings.Builder
	b.WriteString("-- Code generated by go generate from migrations/ (TestFreshSchemaMatchesMigrations); DO NOT EDIT.\n")
	b.WriteString("-- The schema every migration leaves, made at once for a new archive (see core_schema.go).\n")
	for _, typ := range []string{"table", "view", "index", "trigger"} {
		rows, err := db.QueryContext(ctx, `SELECT name, sql FROM sqlite_master
			WHERE type = ? AND sql IS NOT NULL AND name NOT LIKE 'sqlite\_%' ESCAPE '\' ORDER BY rowid`, typ)
		if err != nil {
			return "", err
		}
		for rows.Next() {
			var name, stmt string
			if err := rows.Scan(&name, &stmt); err != nil {
				rows.Close()
				return "", err
			}
			if !shadow[name] {
				b.WriteString("\n" + stmt + ";\n")
			}
		}
		rows.Close()
	}
	slices.Sort(virtual)
	for _, v := range virtual {
		if !shadow[v+"_config"] {
			continue
		}
		// A migration that rebuilt an index left its totals record
		// written (zeros); a new index has it empty until its first row.
		var averages int
		if err := db.QueryRowContext(ctx, `SELECT coalesce(sum(length(block)), 0) FROM "`+v+`_data" WHERE id = 1`).Scan(&averages); err != nil {
			return "", err
		}
		if averages > 0 {
			fmt.Fprintf(&b, "\nINSERT INTO %s (%s) VALUES ('rebuild');\n", v, v)
		}
		rows, err := db.QueryContext(ctx, `SELECT quote(k), quote(v) FROM "`+v+`_config" WHERE k <> 'version' ORDER BY k`)
		if err != nil {
			return "", err
		}
		for rows.Next() {
			var k, val string
			if err := rows.Scan(&k, &val); err != nil {
				rows.Close()
				return "", err
			}
			fmt.Fprintf(&b, "\nINSERT INTO %s (%s, rank) VALUES (%s, %s);\n", v, v, k, val)
		}
		rows.Close()
	}
	seqs, err := db.QueryContext(ctx, `SELECT quote(name), quote(seq) FROM sqlite_sequence ORDER BY name`)
	if err != nil {
		return "", err
	}
	for seqs.Next() {
		var name, seq string
		if err := seqs.Scan(&name, &seq); err != nil {
			seqs.Close()
			return "", err
		}
		fmt.Fprintf(&b, "\nINSERT INTO sqlite_sequence (name, seq) VALUES (%s, %s);\n", name, seq)
	}
	seqs.Close()
	var version int
	if err := db.QueryRowContext(ctx, `SELECT version FROM schema_version`).Scan(&version); err != nil {
		return "", err
	}
	fmt.Fprintf(&b, "\nINSERT INTO schema_version (version) VALUES (%d);\n", version)
	tables, err := db.QueryContext(ctx, `SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite\_%' ESCAPE '\'`)
	if err != nil {
		return "", err
	}
	var names []string
	for tables.Next() {
		var name string
		if err := tables.Scan(&name); err != nil {
			tables.Close()
			return "", err
		}
		names = append(names, name)
	}
	tables.Close()
	for _, name := range names {
		var n int
		if err := db.QueryRowContext(ctx, `SELECT count(*) FROM "`+name+`"`).Scan(&n); err != nil {
			return "", err
		}
		if want := map[bool]int{true: 1}[name == "schema_version"]; n != want {
			return "", fmt.Errorf("table %s holds %d rows after the migrations; schemaScript makes %d", name, n, want)
		}
	}
	return b.String(), tables.Err()
}
