// Package providertest is the conformance suite every transcripts.Provider
// must pass, and an in-memory Collector that applies records the way the
// archive does.
//
// A provider's test calls Run with a Suite: the provider, the files to lay
// into a temporary home folder, the environment that points the provider at
// them, and what parsing them must produce. Run discovers and parses the
// files through the Provider interface only and checks the contracts of the
// transcripts package. For every source:
//
//   - parsing the same bytes twice gives the same records (stable ids);
//   - message indexes are 0-based and dense in every session, and tool calls,
//     edits, commands, todos and captures (when they name one) point at
//     messages that exist;
//   - a message id (Message.UUID) names one index of its session;
//   - edits carry the expected exact old and new texts, sessions and their
//     retracted messages are those expected;
//
// For a source read by lines (transcripts.KindAppend, KindUpsert):
//
//   - parsing a file in two parts — a prefix that may end in a torn line,
//     then the rest from the returned Checkpoint — gives exactly the records
//     of one full parse (nothing renumbered, the torn line left unconsumed
//     until it is complete);
//   - a last line left without its newline gives, when it is one JSON
//     object, the records it gives with its newline, while the checkpoint
//     stays before it, and parsing on from there gives the records of one
//     full parse;
//   - a UTF-8 byte-order mark before the first line changes nothing;
//   - results written before their calls (Suite.ResultsFirst moves each
//     result's line before its call's) give the same calls, edits,
//     commands and todos, but for the indexes and lines the order moves,
//     parsed whole or resumed from any line;
//   - a provider that redacts its own state (transcripts.StateRedactor)
//     decides nothing on the text it keeps: parsing on from a state whose
//     texts were all changed gives the records of one full parse, their
//     texts changed the same way;
//   - every tool call names its own line of the file (ToolCall.Line);
//   - subagents are sessions of their own, linked to their parent;
//   - malformed lines, binary garbage and unknown record types are counted
//     as Problems (or tolerated) and skipped while the rest parses as before.
//
// For a snapshot source (KindSnapshot), with the later contents of
// Suite.Generations: every generation read whole from the checkpoint of
// the one before keeps every index's id, retracts exactly the messages it
// no longer holds (ParseGeneration applies them as the archive does), and
// changes nothing when read again; all generations read again from the
// start give the same records.
//
// Collector applies Retraction records as the archive does: a retracted
// message stays, marked in Collector.Retracted. fixtures/fakeagents holds
// a small provider of each kind that the suite's own tests run.
//
// Collector is usable on its own by other tests that need the records of a
// parse; ParseEvery parses every transcript a provider finds in a home
// folder and ParseFrom one file's bytes from a checkpoint, for such tests.
// HomeFiles reads a generated home folder into Suite.Files.
package providertest
