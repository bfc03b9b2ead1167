//go:build cgo

package symbols

import "testing"

func TestPythonImporters(t *testing.T) {
	r := memRepo{
		"app/__init__.py":        "from .config import settings\n",
		"app/config.py":          "settings = {}\n",
		"app/models/__init__.py": "from . import user\n",
		"app/models/user.py":     "from ..config import settings\nfrom .. import util\n",
		"app/models/order.py":    "from .user import User\nfrom app.models import user as u\n",
		"app/util.py":            "import os\n",
		"app/cli.py":             "import app.util\nfrom app.models.order import Order\n\ndef main():\n    from app import config\n",
		"src/pkg/__init__.py":    "",
		"src/pkg/core.py":        "def run(): pass\n",
		"src/pkg/helpers.py":     "from pkg.core import run\nfrom pkg import core\n",
		"scripts/run.py":         "import pkg.core\nfrom app.models import *\n",
		"other/app/util.py":      "",
		"other/app/tool.py":      "import app.util\n",
		"tests/test_user.py":     "from app.models.user import User\nimport config\n",
	}.repo()
	checkImporters(t, r, map[string][]string{
		// tests/test_user.py's `import config` is not guessed to be it.
		"app/config.py": {
			"app/__init__.py:1 .config",
			"app/cli.py:5 app",
			"app/models/user.py:1 ..config",
		},
		"app/models/user.py": {
			"app/models/__init__.py:1 .",
			"app/models/order.py:1 .user",
			"tests/test_user.py:1 app.models.user",
		},
		"app/models/__init__.py": {"scripts/run.py:2 app.models"},
		// other/app/tool.py's `import app.util` is its own tree's.
		"app/util.py":       {"app/cli.py:1 app.util", "app/models/user.py:2 .."},
		"other/app/util.py": {"other/app/tool.py:1 app.util"},
		"src/pkg/core.py":   {"scripts/run.py:1 pkg.core", "src/pkg/helpers.py:1 pkg.core"},
	})
}
