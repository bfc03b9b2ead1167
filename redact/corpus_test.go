package redact

import (
	"strings"
	"testing"
)

// Fake secrets are assembled at run time from pieces, so that no complete
// credential-shaped literal sits in the source for a scanner to flag.

const (
	alnum   = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	upper32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
	hexLow  = "0123456789abcdef"
	b64     = alnum + "+/"
	urlSafe = alnum + "-_"
)

// fake returns n pseudo-random characters of alphabet, the same for a seed.
func fake(seed uint64, n int, alphabet string) string {
	var b strings.Builder
	x := seed*0x9E3779B97F4A7C15 + 1
	for range n {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		b.WriteByte(alphabet[x%uint64(len(alphabet))])
	}
	return b.String()
}

func cat(parts ...string) string { return strings.Join(parts, "") }

type secretCase struct {
	name   string
	text   string // text holding the secret
	secret string // the part that must disappear
	kind   string
	keep   []string // parts that must survive
}

func secretCorpus() []secretCase {
	awsID := cat("AK", "IA", fake(1, 16, upper32))
	awsSecret := fake(2, 40, b64)
	awsSecretMixed := cat("wJal", fake(2, 32, b64), "K7xZ")
	ghp := cat("gh", "p_", fake(3, 36, alnum))
	gho := cat("gh", "o_", fake(4, 36, alnum))
	ghu := cat("gh", "u_", fake(5, 36, alnum))
	ghs := cat("gh", "s_", fake(6, 36, alnum))
	ghr := cat("gh", "r_", fake(7, 36, alnum))
	ghpat := cat("github", "_pat_", fake(8, 22, alnum), "_", fake(9, 59, alnum))
	glpat := cat("gl", "pat-", fake(10, 20, urlSafe))
	slackBot := cat("xo", "xb-", "1234567890", "-", "1234567890123", "-", fake(11, 24, alnum))
	slackUser := cat("xo", "xp-", "1234567890", "-", "1234567890", "-", "1234567890123", "-", fake(12, 32, hexLow))
	slackHookPath := cat("services/T", fake(13, 8, upper32), "/B", fake(14, 10, upper32), "/", fake(15, 24, alnum))
	stripeLive := cat("sk", "_live_", fake(16, 24, alnum))
	stripeRestricted := cat("rk", "_live_", fake(17, 24, alnum))
	stripePub := cat("pk", "_live_", fake(18, 24, alnum))
	openai := cat("sk", "-", "Abc1", fake(19, 44, alnum))
	openaiProj := cat("sk", "-proj-", "Ab1", fake(20, 120, urlSafe))
	anthropic := cat("sk", "-ant-", "api03-", fake(21, 93, urlSafe), "AA")
	google := cat("AI", "za", "Sy", fake(22, 33, urlSafe))
	npm := cat("np", "m_", fake(23, 36, alnum))
	pypi := cat("py", "pi-", "AgEIcHlwaS5vcmc", fake(24, 60, urlSafe))
	twilio := cat("S", "K", fake(25, 32, hexLow))
	sendgrid := cat("S", "G.", fake(26, 22, urlSafe), ".", fake(27, 43, urlSafe))
	hf := cat("h", "f_", "Ab", fake(28, 32, alnum))
	azureKey := cat(fake(29, 86, b64), "==")
	jwt := cat("ey", "JhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9", ".", "ey", "JzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkphbmUifQ", ".", fake(30, 43, urlSafe))
	pemBody := fake(31, 64, b64) + "\n" + fake(32, 64, b64) + "\n" + fake(33, 20, b64) + "==\n"
	pem := cat("-----BEGIN ", "RSA PRIVATE KEY-----\n", pemBody, "-----END RSA ", "PRIVATE KEY-----")
	pemEsc := cat("-----BEGIN ", "OPENSSH PRIVATE KEY-----\\n", fake(34, 70, b64), "\\n", fake(35, 30, b64), "\\n-----END OPENSSH ", "PRIVATE KEY-----")
	pemCut := cat("-----BEGIN ", "PRIVATE KEY-----\n", fake(36, 64, b64), "\n", fake(37, 40, b64))
	urlPw := fake(38, 14, alnum)
	pw := cat("hun", "ter2", "!x")
	entropic := fake(39, 44, b64)
	shortEntropic := fake(40, 24, alnum)

	return []secretCase{
		{"aws access key id", "aws_access_key_id = " + awsID + "\n", awsID, KindAWSAccessKey, []string{"aws_access_key_id = "}},
		{"aws access key in prose", "the key " + awsID + " leaked", awsID, KindAWSAccessKey, []string{"the key ", " leaked"}},
		{"aws access key with digits outside base32", "AWS_ACCESS_KEY_ID=" + cat("AK", "IA", "Q7XZ4M2KJ9PLW3RT") + " deploy", cat("AK", "IA", "Q7XZ4M2KJ9PLW3RT"), KindAWSAccessKey, []string{" deploy"}},
		{"aws credentials csv", "User name,Access key ID,Secret access key\ndeploy," + awsID + "," + awsSecretMixed + "\n", awsSecretMixed, KindAWSSecretKey, []string{"User name,Access key ID,Secret access key\ndeploy,"}},
		{"aws secret key ini", "aws_secret_access_key = " + awsSecret + "\n", awsSecret, KindAWSSecretKey, []string{"aws_secret_access_key = "}},
		{"aws secret key env", "export AWS_SECRET_ACCESS_KEY=" + awsSecret, awsSecret, KindAWSSecretKey, []string{"export AWS_SECRET_ACCESS_KEY="}},
		{"github ghp", "git remote set-url origin https://" + ghp + "@github.com/o/r.git", ghp, KindGitHub, []string{"github.com/o/r.git"}},
		{"github gho", `{"oauth":"` + gho + `"}`, gho, KindGitHub, []string{`{"oauth":"`}},
		{"github ghu", "token " + ghu, ghu, KindGitHub, nil},
		{"github ghs", "GH_TOKEN=" + ghs, ghs, KindGitHub, []string{"GH_TOKEN="}},
		{"github ghr", ghr, ghr, KindGitHub, nil},
		{"github fine-grained", "use " + ghpat + " for the API", ghpat, KindGitHub, []string{" for the API"}},
		{"gitlab", "CI_TOKEN: " + glpat, glpat, KindGitLab, nil},
		{"slack bot", "SLACK_BOT=" + slackBot, slackBot, KindSlack, nil},
		{"slack user", "'" + slackUser + "'", slackUser, KindSlack, nil},
		{"slack webhook", "curl -X POST https://hooks.slack.com/" + slackHookPath + " -d @msg.json", slackHookPath, KindSlackWebhook, []string{"https://hooks.slack.com/", " -d @msg.json"}},
		{"stripe live", "Stripe.api_key = '" + stripeLive + "'", stripeLive, KindStripe, nil},
		{"stripe restricted", stripeRestricted, stripeRestricted, KindStripe, nil},
		{"stripe publishable live", "pk=" + stripePub, stripePub, KindStripe, nil},
		{"openai", "OPENAI_API_KEY=" + openai, openai, KindOpenAI, []string{"OPENAI_API_KEY="}},
		{"openai project", `client = OpenAI(api_key="` + openaiProj + `")`, openaiProj, KindOpenAI, []string{"client = OpenAI(api_key="}},
		{"anthropic", "x-api-key: " + anthropic, anthropic, KindAnthropic, []string{"x-api-key: "}},
		{"google", "https://maps.googleapis.com/maps/api/js?key=" + google + "&callback=init", google, KindGoogle, []string{"&callback=init"}},
		{"npm", "//registry.npmjs.org/:_authToken=" + npm, npm, KindNPM, []string{"//registry.npmjs.org/:_authToken="}},
		{"pypi", "password = " + pypi, pypi, KindPyPI, nil},
		{"twilio api key", "TWILIO_API_KEY_SID " + twilio, twilio, KindTwilio, nil},
		{"sendgrid", "SENDGRID_API_KEY='" + sendgrid + "'", sendgrid, KindSendGrid, nil},
		{"hugging face", "huggingface-cli login --token " + hf, hf, KindHuggingFace, []string{"huggingface-cli login --token "}},
		{"azure connection string", "DefaultEndpointsProtocol=https;AccountName=acct;AccountKey=" + azureKey + ";EndpointSuffix=core.windows.net", azureKey, KindAzure, []string{"AccountName=acct;AccountKey=", ";EndpointSuffix=core.windows.net"}},
		{"azure service bus", "Endpoint=sb://ns.servicebus.windows.net/;SharedAccessKeyName=Root;SharedAccessKey=" + azureKey, azureKey, KindAzure, []string{"SharedAccessKeyName=Root;"}},
		{"jwt bearer header", "Authorization: Bearer " + jwt, jwt, KindJWT, []string{"Authorization: Bearer "}},
		{"jwt in json", `{"id_token":"` + jwt + `","expires_in":3600}`, jwt, KindJWT, []string{`"expires_in":3600}`}},
		{"private key block", "key file:\n" + pem + "\nthat was it", pem, KindPrivateKey, []string{"key file:\n", "\nthat was it"}},
		{"private key escaped in json", `{"content":"` + pemEsc + `\n"}`, pemEsc, KindPrivateKey, []string{`{"content":"`}},
		{"private key cut short", pemCut, pemCut, KindPrivateKey, nil},
		{"postgres url", "DATABASE_URL=postgres://app:" + urlPw + "@db.internal:5432/app?sslmode=disable", urlPw, KindURLPassword, []string{"postgres://app:", "@db.internal:5432/app"}},
		{"redis url in json", `{"url":"redis://default:` + urlPw + `@cache:6379/0"}`, urlPw, KindURLPassword, []string{"redis://default:", "@cache:6379/0"}},
		{"mongodb srv", "mongodb+srv://admin:" + urlPw + "@cluster0.mongodb.net/test", urlPw, KindURLPassword, []string{"mongodb+srv://admin:", "@cluster0.mongodb.net/test"}},
		{"mysql dsn", `dsn := "root:` + urlPw + `@tcp(127.0.0.1:3306)/app"`, urlPw, KindPassword, []string{`"root:`, "@tcp(127.0.0.1:3306)/app"}},
		{"sql server connection string", "Server=db;Database=app;User Id=sa;Password=" + pw + ";", pw, KindPassword, []string{"User Id=sa;Password=", ";"}},
		{"json password", `{"username":"jane","password":"` + pw + `"}`, pw, KindPassword, []string{`"username":"jane"`}},
		{"escaped json password", `"{\"password\":\"` + pw + `\",\"user\":\"x\"}"`, pw, KindPassword, []string{`\"user\":\"x\"`}},
		{"twice escaped yaml in json", `{"arguments":"{\"cmd\":\"cat <<EOF\\npassword: \\\"` + pw + `\\\"\\nEOF\"}"}`, pw, KindPassword, nil},
		{"yaml password", "db:\n  user: app\n  password: " + pw + "\n", pw, KindPassword, []string{"  user: app\n"}},
		{"yaml quoted secret", "client_secret: \"" + shortEntropic + "\"\n", shortEntropic, KindSecret, nil},
		{"env password", "DB_PASSWORD=" + pw + "\n", pw, KindPassword, []string{"DB_PASSWORD="}},
		{"shell export token", `export API_TOKEN="` + shortEntropic + `"`, shortEntropic, KindToken, []string{`export API_TOKEN="`}},
		{"flag with equals", "mysql --password=" + pw + " -u root", pw, KindPassword, []string{" -u root"}},
		{"flag with space", "psql --password " + pw + " -h localhost", pw, KindPassword, []string{" -h localhost"}},
		{"letters-only api key", `api_key = "` + fake(61, 28, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz") + `"`, fake(61, 28, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"), KindAPIKey, nil},
		{"toml api key", `api_key = "` + shortEntropic + `"`, shortEntropic, KindAPIKey, nil},
		{"python kwarg", `connect(host="db", password="` + pw + `")`, pw, KindPassword, []string{`host="db"`}},
		{"go struct field", `cfg := Config{Password: "` + pw + `"}`, pw, KindPassword, nil},
		{"camel case key", `const dbPassword = '` + pw + `';`, pw, KindPassword, nil},
		{"numeric password", "PGPASSWORD=83920174 psql", "83920174", KindPassword, nil},
		{"basic auth header", "Authorization: Basic " + fake(41, 28, b64) + "==", fake(41, 28, b64) + "==", KindPassword, []string{"Authorization: Basic "}},
		{"bearer opaque", `-H "Authorization: Bearer ` + shortEntropic + `"`, shortEntropic, KindBearer, nil},
		{"weak key high entropy", `"signing_material": {"key": "` + shortEntropic + `"}`, shortEntropic, KindHighEntropy, nil},
		{"generic high entropy json", `{"session_blob": "` + entropic + `"}`, entropic, KindHighEntropy, []string{`{"session_blob": "`}},
		{"generic high entropy env", "WEBHOOK_SIGNATURE_SEED=" + entropic, entropic, KindHighEntropy, []string{"WEBHOOK_SIGNATURE_SEED="}},
	}
}

func TestRedactsCorpus(t *testing.T) {
	r := New()
	for _, c := range secretCorpus() {
		t.Run(c.name, func(t *testing.T) {
			got := r.String(c.text)
			if strings.Contains(got, c.secret) {
				t.Fatalf("secret survived:\n in: %q\nout: %q", c.text, got)
			}
			if !strings.Contains(got, Placeholder(c.kind)) {
				t.Errorf("want kind %s, got %q", c.kind, got)
			}
			for _, k := range c.keep {
				if !strings.Contains(got, k) {
					t.Errorf("lost %q: %q", k, got)
				}
			}
			// Redaction is idempotent.
			if again := r.String(got); again != got {
				t.Errorf("second pass changed the text:\n%q\n%q", got, again)
			}
		})
	}
}

func TestRedactsInsideLargerText(t *testing.T) {
	r := New()
	var b strings.Builder
	cases := secretCorpus()
	for i, c := range cases {
		b.WriteString(strings.Repeat("ordinary line of build output, nothing to see here\n", i%5+1))
		b.WriteString(c.text)
		b.WriteString("\n")
	}
	got := r.String(b.String())
	for _, c := range cases {
		if strings.Contains(got, c.secret) {
			t.Errorf("%s: secret survived in a larger text", c.name)
		}
	}
	got2 := string(r.Bytes([]byte(b.String())))
	if got2 != got {
		t.Errorf("Bytes and String disagree")
	}
}
