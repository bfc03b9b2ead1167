//go:build cgo

package symbols

import "testing"

const rbWidget = `require "json"
require_relative "../support/store"

module Shop
  # A widget of the shop.
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
		"module Shop 4-29 @4",
		"class Shop::Widget (5)6-28 @6 in=Shop",
		"const Shop::Widget::MAX 7-7 @7 in=Shop::Widget",
		"method Shop::Widget#initialize (10)11-13 @11 in=Shop::Widget",
		"method Shop::Widget.build 15-15 @15 in=Shop::Widget",
		"method Shop::Widget.registry 18-20 @18 in=Shop::Widget",
		"method Shop::Widget#render 25-27 @25 in=Shop::Widget",
		"class Shop::Order 31-31 @31",
		"method Shop::Order#total 31-31 @31 in=Shop::Order",
	})
	checkLines(t, "imports", describeImports(f), []string{
		"1 json",
		"2 ../support/store",
	})
}
