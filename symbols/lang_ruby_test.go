//go:build cgo

package symbols

import "testing"

const rbWidget = `require "json"
require_relative "../support/store"

module Shop
  class Widget < Base
    MAX = 3
    attr_reader :name

    # Makes a widget named name.
    def initialize(name)
      @name = name
    end

    def self.build(attrs) = new(attrs[:name])

    class << self
      def registry
        @registry ||= {}
      end
    end

    private

    def render
      JSON.dump(name: @name)
    end
  end
end

class Shop::Order; def total; end; end
`

func TestRubySymbols(t *testing.T) {
	f := parseText(t, "lib/shop/widget.rb", rbWidget)
	checkLines(t, "symbols", describe(f), []string{
		"module Shop 4-28 @4",
		"class Shop::Widget 5-27 @5 in=Shop",
		"const Shop::Widget::MAX 6-6 @6 in=Shop::Widget",
		"method Shop::Widget#initialize (9)10-12 @10 in=Shop::Widget",
		"method Shop::Widget.build 14-14 @14 in=Shop::Widget",
		"method Shop::Widget.registry 17-19 @17 in=Shop::Widget",
		"method Shop::Widget#render 24-26 @24 in=Shop::Widget",
		"class Shop::Order 30-30 @30",
		"method Shop::Order#total 30-30 @30 in=Shop::Order",
	})
	checkLines(t, "imports", describeImports(f), []string{
		"1 json",
		"2 ../support/store",
	})
}
