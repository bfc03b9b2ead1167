package archive

import _ "embed" // schema.sql

// freshSchema is the schema that every migration of migrations/ applied
// in turn leaves, schema_version included: what a new archive gets in one
// step. Applying 22 migrations one by one costs a new archive far more
// (each ALTER TABLE and DROP makes SQLite parse the whole schema again),
// and every test and first run opens a new archive. An existing archive
// still migrates step by step from its stored version (see migrate).
//
// schema.sql is generated from the migrations, never edited: after adding
// a migration, run `go generate ./archive`. TestFreshSchemaMatchesMigrations
// fails until it is regenerated.
//
//go:generate go test -run ^TestFreshSchemaMatchesMigrations$ -update-schema
//go:embed schema.sql
var freshSchema string
