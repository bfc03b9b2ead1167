package archive

import (
	"context"
	"database/sql"
	"net/url"
	"path/filepath"
	"testing"

	"hansard/fixtures/cputime"
)

// BenchmarkNewArchive measures making a new archive: Open and Close of an
// empty folder (open), and the schema alone made by schema.sql in one step
// (schema) or by the migrations one by one (migrations), as an old
// archive would be brought up to date. cpu-ms/op is the process's CPU.
//
//	go test ./archive -run '^$' -bench NewArchive -benchtime 50x
func BenchmarkNewArchive(b *testing.B) {
	ctx := context.Background()
	b.Run("open", func(b *testing.B) {
		cpu := cputime.Used()
		for range b.N {
			a, err := Open(ctx, Options{Dir: b.TempDir()})
			if err != nil {
				b.Fatal(err)
			}
			if err := a.Close(); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64((cputime.Used()-cpu).Microseconds())/1e3/float64(b.N), "cpu-ms/op")
	})
	for _, c := range []struct{ name, fresh string }{{"schema", freshSchema}, {"migrations", ""}} {
		b.Run(c.name, func(b *testing.B) {
			if err := registerFTSFunctions(); err != nil {
				b.Fatal(err)
			}
			cpu := cputime.Used()
			for range b.N {
				u := url.URL{Scheme: "file", Path: filepath.Join(b.TempDir(), DBName), RawQuery: dsnPragmas}
				db, err := sql.Open("sqlite", u.String())
				if err != nil {
					b.Fatal(err)
				}
				if _, err := migrateFrom(ctx, db, c.fresh); err != nil {
					b.Fatal(err)
				}
				db.Close()
			}
			b.ReportMetric(float64((cputime.Used()-cpu).Microseconds())/1e3/float64(b.N), "cpu-ms/op")
		})
	}
}
