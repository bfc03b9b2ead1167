//go:build cgo

package symbols

import "testing"

func TestCAndRubyImporters(t *testing.T) {
	r := memRepo{
		"include/ui/widget.h":     "#pragma once\nclass Widget {};\n",
		"src/ui/widget.cc":        "#include \"ui/widget.h\"\n#include <vector>\n",
		"src/ui/button.cc":        "#include \"button.h\"\n",
		"src/ui/button.h":         "#include \"ui/widget.h\"\n",
		"third_party/ui/widget.h": "",
		"lib/shop.rb":             "require \"shop/widget\"\nrequire \"json\"\n",
		"lib/shop/widget.rb":      "require_relative \"order\"\n",
		"lib/shop/order.rb":       "",
		"spec/widget_spec.rb":     "require_relative \"../lib/shop/widget\"\nrequire \"shop/order\"\n",
	}.repo()
	checkImporters(t, r, map[string][]string{
		// ui/widget.h is the one under include/, not third_party's.
		"include/ui/widget.h": {"src/ui/button.h:1 ui/widget.h", "src/ui/widget.cc:1 ui/widget.h"},
		"src/ui/button.h":     {"src/ui/button.cc:1 button.h"},
		"lib/shop/widget.rb":  {"lib/shop.rb:1 shop/widget", "spec/widget_spec.rb:1 ../lib/shop/widget"},
		"lib/shop/order.rb":   {"lib/shop/widget.rb:1 ./order", "spec/widget_spec.rb:2 shop/order"},
	})
}
