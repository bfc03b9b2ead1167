//go:build cgo

package symbols

import "testing"

const rsWidget = `//! Widgets and how they draw.
use std::fmt;
use crate::geometry::{Point, shapes::{Rect, Circle as C}};
use super::theme::*;
mod layout;
pub mod paint;

/// The largest widget side.
pub const MAX_SIDE: u32 = 4096;
static mut COUNT: usize = 0;

/// A widget on screen.
#[derive(Debug, Clone)]
pub struct Widget<T> {
    pub pos: Point,
    data: T,
}

pub enum Event { Click(Point), Key(char) }

pub type Result<T> = std::result::Result<T, Error>;

pub trait Draw {
    fn draw(&self, out: &mut Canvas);
    fn visible(&self) -> bool { true }
}

impl<T: Clone> Widget<T> {
    /// Makes a widget at pos.
    pub fn new(pos: Point, data: T) -> Self {
        Widget { pos, data }
    }

    pub fn render(&self) -> String { format!("{:?}", self.pos) }
}

impl fmt::Display for Widget<String> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.data)
    }
}

macro_rules! widget {
    ($p:expr) => { Widget::new($p, ()) };
}

#[cfg(test)]
mod tests {
    use super::*;
    use self::helpers::make;

    mod helpers { pub fn make() {} }

    #[test]
    fn renders() { assert!(Widget::new(Point::default(), 1).render().len() > 0); }
}
`

func TestRustSymbols(t *testing.T) {
	f := parseText(t, "ui/src/widget.rs", rsWidget)
	checkLines(t, "symbols", describe(f), []string{
		"const MAX_SIDE (8)9-9 @9",
		"var COUNT 10-10 @10",
		"struct Widget (12)14-17 @14",
		"enum Event 19-19 @19",
		"type Result 21-21 @21",
		"trait Draw 23-26 @23",
		"method Draw::draw 24-24 @24 in=Draw",
		"method Draw::visible 25-25 @25 in=Draw",
		"impl impl Widget 28-35 @28",
		"method Widget::new (29)30-32 @30 in=impl Widget",
		"method Widget::render 34-34 @34 in=impl Widget",
		"impl impl Display for Widget 37-41 @37",
		"method Widget::fmt 38-40 @38 in=impl Display for Widget",
		"macro widget 43-45 @43",
		"module tests (47)48-56 @48",
		"module tests::helpers 52-52 @52 in=tests",
		"function tests::helpers::make 52-52 @52 in=tests::helpers",
		"function tests::renders (54)55-55 @55 in=tests",
	})
	checkLines(t, "imports", describeImports(f), []string{
		"2 std::fmt",
		"3 crate::geometry::Point",
		"3 crate::geometry::shapes::Rect",
		"3 crate::geometry::shapes::Circle",
		"4 super::theme::*",
		"5 self::layout",
		"6 self::paint",
		"49 self::*",
		"50 self::tests::helpers::make",
	})
}
