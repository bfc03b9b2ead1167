package archive

import "testing"

func TestMigrationVersion(t *testing.T) {
	t.Parallel()
	for name, want := range map[string]int{
		"0001_init.sql":                1,
		"0012_git_log.sql":             12,
		"init.sql":                     -1,
		"0001_init.txt":                -1,
		"x_init.sql":                   -1,
		"_init.sql":                    -1,
		"0001-init.sql":                -1,
		"99999999999999999999_big.sql": -1,
	} {
		v, err := migrationVersion(name)
		if want < 0 {
			if err == nil {
				t.Errorf("%s: version %d, want an error", name, v)
			}
			continue
		}
		if err != nil || v != want {
			t.Errorf("%s: %d, %v; want %d", name, v, err, want)
		}
	}
}
