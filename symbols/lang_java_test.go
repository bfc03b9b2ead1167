//go:build cgo

package symbols

import "testing"

const javaOrders = `package com.shop.orders;

import java.util.List;
import java.util.concurrent.*;
import com.shop.catalog.Item;
import static com.shop.util.Money.format;

/**
 * Keeps the open orders.
 */
@Service
public class OrderBook<T extends Order> implements Iterable<T> {
    public static final int MAX_OPEN = 100;
    private final List<T> open;

    public OrderBook(List<T> open) {
        this.open = open;
    }

    @Override
    public Iterator<T> iterator() {
        return open.iterator();
    }

    public void add(T order) { open.add(order); }

    public void add(T order, int priority) { open.add(priority, order); }

    /** One line of a printed book. */
    static class Line {
        String render() { return ""; }

        private class Cell {
            int width() { return 1; }
        }
    }

    interface Listener {
        int RETRIES = 3;
        void changed(OrderBook<?> book);
    }

    enum State {
        OPEN, CLOSED;
        boolean done() { return this == CLOSED; }
    }
}

record Total(long cents) {
    Total {
        if (cents < 0) throw new IllegalArgumentException();
    }
    String shown() { return format(cents); }
}
`

func TestJavaSymbols(t *testing.T) {
	f := parseText(t, "src/main/java/com/shop/orders/OrderBook.java", javaOrders)
	checkLines(t, "symbols", describe(f), []string{
		"class OrderBook (8)11-47 @12",
		"const OrderBook.MAX_OPEN 13-13 @13 in=OrderBook",
		"method OrderBook.OrderBook 16-18 @16 in=OrderBook",
		"method OrderBook.iterator 20-23 @21 in=OrderBook",
		"method OrderBook.add 25-25 @25 in=OrderBook",
		"method OrderBook.add 27-27 @27 in=OrderBook",
		"class OrderBook.Line (29)30-36 @30 in=OrderBook",
		"method OrderBook.Line.render 31-31 @31 in=OrderBook.Line",
		"class OrderBook.Line.Cell 33-35 @33 in=OrderBook.Line",
		"method OrderBook.Line.Cell.width 34-34 @34 in=OrderBook.Line.Cell",
		"interface OrderBook.Listener 38-41 @38 in=OrderBook",
		"const OrderBook.Listener.RETRIES 39-39 @39 in=OrderBook.Listener",
		"method OrderBook.Listener.changed 40-40 @40 in=OrderBook.Listener",
		"enum OrderBook.State 43-46 @43 in=OrderBook",
		"method OrderBook.State.done 45-45 @45 in=OrderBook.State",
		"class Total 49-54 @49",
		"method Total.Total 50-52 @50 in=Total",
		"method Total.shown 53-53 @53 in=Total",
	})
	checkLines(t, "imports", describeImports(f), []string{
		"3 java.util.List",
		"4 java.util.concurrent.*",
		"5 com.shop.catalog.Item",
		"6 com.shop.util.Money.format",
	})
	if f.Package != "com.shop.orders" {
		t.Errorf("package %q", f.Package)
	}
}
