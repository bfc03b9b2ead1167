//go:build cgo

package symbols

import "testing"

func TestJavaScriptImporters(t *testing.T) {
	r := memRepo{
		"tsconfig.base.json": `{
  // shared by the apps
  "compilerOptions": {
    "baseUrl": ".",
    "paths": {
      "@shared/*": ["packages/shared/src/*"],
      "@config": ["packages/shared/src/config/index.ts"],
    },
  },
}`,
		"apps/web/tsconfig.json": `{
  "extends": "../../tsconfig.base.json",
  "compilerOptions": {
    "baseUrl": ".",
    "paths": {"@/*": ["./src/*"], "@shared/*": ["../../packages/shared/src/*"]}
  }
}`,
		"apps/web/src/components/Button.tsx":          "export const Button = () => <button/>;\n",
		"apps/web/src/components/index.ts":            "export { Button } from './Button';\n",
		"apps/web/src/pages/Home.tsx":                 "import { Button } from '@/components/Button';\nimport { api } from '@shared/api';\nimport * as c from '../components';\n",
		"apps/web/src/pages/About.tsx":                "import { Button } from \"../components/Button.js\";\nimport { settings } from '@config';\n",
		"apps/web/src/pages/lazy.ts":                  "export const load = () => import('./Home');\n",
		"apps/admin/tsconfig.json":                    `{"extends": "../../tsconfig.base.json"}`,
		"apps/admin/main.ts":                          "import { api } from '@shared/api';\nimport { Button } from 'packages/shared/src/ui/Button';\nimport { settings } from '@config';\n",
		"packages/shared/src/api.ts":                  "export const api = {};\n",
		"packages/shared/src/config/index.ts":         "export const settings = {};\n",
		"packages/shared/src/ui/Button.ts":            "export class Button {}\n",
		"packages/shared/src/config/load.js":          "const cfg = require('.');\nmodule.exports = cfg;\n",
		"server/index.js":                             "const { api } = require('../packages/shared/src/api');\nconst express = require('express');\n",
		"server/routes.mjs":                           "export * from './index.js';\nimport { fmt } from '@acme/format';\nimport { units } from '@acme/format/units';\n",
		"packages/format/package.json":                `{"name": "@acme/format", "main": "dist/index.js", "types": "dist/index.d.ts"}`,
		"packages/format/src/index.ts":                "export const fmt = 1;\n",
		"packages/format/src/units.ts":                "export const units = 1;\n",
		"packages/format/node_modules/x/package.json": `{"name": "x"}`,
	}.repo()
	checkImporters(t, r, map[string][]string{
		"apps/web/src/components/Button.tsx": {
			"apps/web/src/components/index.ts:1 ./Button",
			"apps/web/src/pages/About.tsx:1 ../components/Button.js",
			"apps/web/src/pages/Home.tsx:1 @/components/Button",
		},
		"apps/web/src/components/index.ts": {"apps/web/src/pages/Home.tsx:3 ../components"},
		"packages/shared/src/api.ts": {
			"apps/admin/main.ts:1 @shared/api",
			"apps/web/src/pages/Home.tsx:2 @shared/api",
			"server/index.js:1 ../packages/shared/src/api",
		},
		// apps/web's own paths replace the ones it extends: no @config there.
		"packages/shared/src/config/index.ts": {
			"apps/admin/main.ts:3 @config",
			"packages/shared/src/config/load.js:1 .",
		},
		"packages/shared/src/ui/Button.ts": {"apps/admin/main.ts:2 packages/shared/src/ui/Button"},
		"apps/web/src/pages/Home.tsx":      {"apps/web/src/pages/lazy.ts:1 ./Home"},
		"server/index.js":                  {"server/routes.mjs:1 ./index.js"},
		// A workspace package by name: its entry (built to dist/) is src/index.ts.
		"packages/format/src/index.ts": {"server/routes.mjs:2 @acme/format"},
		"packages/format/src/units.ts": {"server/routes.mjs:3 @acme/format/units"},
	})
}
