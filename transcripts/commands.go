package transcripts

import (
	"regexp"
	"strings"
	"sync"
)

// testRunner matches a shell command that runs a test suite. It is applied
// to each simple command of a pipeline or list (split on && || ; |). Like
// envAssign it is compiled on first use, not at package init.
var testRunner = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(?:` +
		`go\s+test\b` +
		`|gotestsum\b` +
		`|(?:python[0-9.]*\s+-m\s+)?pytest\b` +
		`|py\.test\b|tox\b|nox\b` +
		`|python[0-9.]*\s+-m\s+unittest\b` +
		`|(?:npm|pnpm|yarn|bun)\s+(?:run\s+)?test(?::\S+)?\b` +
		`|npx\s+(?:jest|vitest|mocha|playwright\s+test)\b` +
		`|(?:jest|vitest|mocha|ava)\b` +
		`|deno\s+test\b|bun\s+test\b` +
		`|cargo\s+(?:test|nextest)\b` +
		`|make\s+(?:\S+\s+)*(?:test|check|tests)\b` +
		`|mise\s+run\s+test\b|just\s+test\b|task\s+test\b` +
		`|(?:\./)?gradlew?\s+(?:\S+\s+)*test\b|mvn\s+(?:\S+\s+)*(?:test|verify)\b` +
		`|dotnet\s+test\b|swift\s+test\b|mix\s+test\b|rspec\b|bundle\s+exec\s+rspec\b|rake\s+test\b` +
		`|phpunit\b|ctest\b|zig\s+build\s+test\b|uv\s+run\s+(?:\S+\s+)*pytest\b|poetry\s+run\s+pytest\b` +
		`)`)
})

var envAssign = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(?:[A-Za-z_][A-Za-z0-9_]*=\S*\s+)+`)
})

// IsTestCommand reports whether a shell command runs tests (go test, pytest,
// npm test, cargo test, jest, vitest, make test, …), anywhere in a list of
// commands joined by &&, ||, ; or |, and after a leading cd or env assignment.
func IsTestCommand(cmd string) bool {
	runner, env := testRunner(), envAssign()
	for _, part := range splitShell(cmd) {
		part = strings.TrimSpace(part)
		part = strings.TrimLeft(part, "( ")
		part = env.ReplaceAllString(part, "")
		part = strings.TrimPrefix(part, "time ")
		part = strings.TrimPrefix(part, "env ")
		part = env.ReplaceAllString(part, "")
		if runner.MatchString(part) {
			return true
		}
	}
	return false
}

func splitShell(cmd string) []string {
	return strings.FieldsFunc(cmd, func(r rune) bool { return r == '&' || r == '|' || r == ';' || r == '\n' })
}

// Classify derives from a command as its provider reported it whether it
// runs tests (IsTestCommand) and, from its exit code, whether they passed
// (TestStatus). It is the one place that decides: providers leave the two
// fields unset, and the receivers of records call it on every Command
// before they redact its text.
func (c *Command) Classify() {
	c.IsTest = IsTestCommand(c.Command)
	c.TestStatus = TestStatus(c.IsTest, c.ExitCode)
}

// TestStatus returns "pass" or "fail" for a test command with a known exit
// code, and "" otherwise.
func TestStatus(isTest bool, exitCode *int) string {
	if !isTest || exitCode == nil {
		return ""
	}
	if *exitCode == 0 {
		return "pass"
	}
	return "fail"
}
