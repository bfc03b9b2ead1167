//go:build cgo

package symbols

import (
	"fmt"
	"strings"
	"testing"
)

func TestJavaImporters(t *testing.T) {
	java := func(pkg, body string, imports ...string) string {
		var b strings.Builder
		fmt.Fprintf(&b, "package %s;\n\n", pkg)
		for _, im := range imports {
			fmt.Fprintf(&b, "import %s;\n", im)
		}
		return b.String() + "\n" + body + "\n"
	}
	r := memRepo{
		"src/main/java/com/shop/catalog/Item.java":  java("com.shop.catalog", "public class Item { public static class Price {} }\nclass ItemRow {}"),
		"src/main/java/com/shop/catalog/Stock.java": java("com.shop.catalog", "public class Stock {}"),
		"src/main/java/com/shop/orders/Order.java":  java("com.shop.orders", "class Order {}", "java.util.List", "com.shop.catalog.Item"),
		"src/main/java/com/shop/orders/Quote.java":  java("com.shop.orders", "class Quote {}", "com.shop.catalog.Item.Price"),
		"src/main/java/com/shop/orders/Audit.java":  java("com.shop.orders", "class Audit {}", "static com.shop.catalog.Stock.count"),
		"src/main/java/com/shop/report/All.java":    java("com.shop.report", "class All {}", "com.shop.catalog.*"),
		"src/main/java/com/shop/report/Rows.java":   java("com.shop.report", "class Rows {}", "com.shop.catalog.ItemRow"),
		"src/main/java/com/other/Item.java":         java("com.other", "class Item {}"),
	}.repo()
	checkImporters(t, r, map[string][]string{
		"src/main/java/com/shop/catalog/Item.java": {
			"src/main/java/com/shop/orders/Order.java:4 com.shop.catalog.Item",
			"src/main/java/com/shop/orders/Quote.java:3 com.shop.catalog.Item.Price",
			"src/main/java/com/shop/report/All.java:3 com.shop.catalog.*",
			"src/main/java/com/shop/report/Rows.java:3 com.shop.catalog.ItemRow",
		},
		"src/main/java/com/shop/catalog/Stock.java": {
			"src/main/java/com/shop/orders/Audit.java:3 com.shop.catalog.Stock.count",
			"src/main/java/com/shop/report/All.java:3 com.shop.catalog.*",
		},
		"src/main/java/com/other/Item.java": nil,
	})
}
