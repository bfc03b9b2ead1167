//go:build cgo

package symbols

import "testing"

const cppWidget = `#include "ui/widget.h"
#include <vector>

namespace ui {

/// Draws one widget.
class Widget : public Base {
 public:
  Widget();
  void render() const { draw(); }
  int size() const;

 private:
  struct Cell {
    int w;
  };
};

int Widget::size() const { return cells_.size(); }

Widget::Widget() : Base() {}

template <typename T>
T max_of(T a, T b) {
  return a > b ? a : b;
}

enum class Color { Red, Green };

}  // namespace ui

extern "C" {
static int *make_buffer(int n) { return nullptr; }
}
`

func TestCPPSymbols(t *testing.T) {
	f := parseText(t, "src/ui/widget.cc", cppWidget)
	checkLines(t, "symbols", describe(f), []string{
		"module ui 4-30 @4",
		"class ui::Widget (6)7-17 @7 in=ui",
		"method ui::Widget::render 10-10 @10 in=ui::Widget",
		"struct ui::Widget::Cell 14-16 @14 in=ui::Widget",
		"method ui::Widget::size 19-19 @19 in=ui",
		"method ui::Widget::Widget 21-21 @21 in=ui",
		"function ui::max_of 23-26 @24 in=ui",
		"enum ui::Color 28-28 @28 in=ui",
		"function make_buffer 33-33 @33",
	})
	checkLines(t, "imports", describeImports(f), []string{
		"1 ui/widget.h",
	})
}

const cList = `#include "list.h"

typedef struct node {
	int value;
	struct node *next;
} node_t;

union number { int i; double d; };

/* Appends v to the list at head. */
node_t *list_append(node_t *head, int v)
{
	return head;
}

#ifdef DEBUG
void list_dump(const node_t *head) {}
#endif
`

func TestCSymbols(t *testing.T) {
	f := parseText(t, "lib/list.c", cList)
	checkLines(t, "symbols", describe(f), []string{
		"struct node 3-6 @3",
		"type node_t 3-6 @6",
		"struct number 8-8 @8",
		"function list_append (10)11-14 @11",
		"function list_dump 17-17 @17",
	})
}

func TestCPPHeaderIsReadAsCPP(t *testing.T) {
	f := parseText(t, "include/ui/widget.h", "#pragma once\nnamespace ui {\nclass Widget {\n public:\n  int size() const { return 1; }\n};\n}\n")
	if f.Language != CPP {
		t.Errorf("language %s, want cpp", f.Language)
	}
	checkLines(t, "symbols", describe(f), []string{
		"module ui 2-7 @2",
		"class ui::Widget 3-6 @3 in=ui",
		"method ui::Widget::size 5-5 @5 in=ui::Widget",
	})
	if f := parseText(t, "list.h", "typedef struct node node_t;\nint list_len(node_t *n);\n"); f.Language != C {
		t.Errorf("a C header read as %s", f.Language)
	}
}
