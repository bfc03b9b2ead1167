//go:build cgo

package symbols

import "testing"

const pyCLI = `"""Command-line entry point of the catalog tools."""
import argparse
import os.path as osp, sys
from . import config
from ..store import db, models as m
from .util.text import (
    slugify,
    truncate,
)
from typing import *

DEFAULT_LIMIT = 50
logger = logging.getLogger(__name__)


def parse_args(argv=None):
    parser = argparse.ArgumentParser()

    def positive(value):
        n = int(value)
        return n

    parser.add_argument("--limit", type=positive)
    return parser.parse_args(argv)


# Widget renders one catalog entry.
@dataclass(frozen=True)
class Widget(Base):
    name: str
    size: int = 0

    @property
    def label(self):
        return self.name.title()

    async def render(self, out):
        import json
        await out.write(json.dumps(self.label))

    class Meta:
        ordering = ["name"]

        def describe(cls):
            return "widget"


try:
    from ujson import dumps
except ImportError:
    def dumps(obj):
        return str(obj)

if __name__ == "__main__":
    args = parse_args()
`

func TestPythonSymbols(t *testing.T) {
	f := parseText(t, "catalog/cli/main.py", pyCLI)
	checkLines(t, "symbols", describe(f), []string{
		"const DEFAULT_LIMIT 12-12 @12",
		"var logger 13-13 @13",
		"function parse_args 16-24 @16",
		"function parse_args.positive 19-21 @19 in=parse_args",
		"class Widget (27)28-45 @29",
		"method Widget.label 33-35 @34 in=Widget",
		"method Widget.render 37-39 @37 in=Widget",
		"class Widget.Meta 41-45 @41 in=Widget",
		"method Widget.Meta.describe 44-45 @44 in=Widget.Meta",
		"function dumps 51-52 @51",
	})
	checkLines(t, "imports", describeImports(f), []string{
		"2 argparse",
		"3 os.path",
		"3 sys",
		"4 . [config]",
		"5 ..store [db models]",
		"6 .util.text [slugify truncate]",
		"10 typing [*]",
		"38 json",
		"49 ujson [dumps]",
	})
}
