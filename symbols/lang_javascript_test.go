//go:build cgo

package symbols

import "testing"

const tsWidget = `import React, { useState } from "react";
import type { Props } from "./types";
import * as api from "../api/client";
import Button from "@/components/Button";
export * from "./hooks";
const legacy = require("./legacy");

export const MAX_ITEMS = 20;
let renders = 0;

/** Fetches and lists the widgets. */
export const useWidgets = (query: string) => {
  const [items, setItems] = useState<Widget[]>([]);
  const refresh = async () => {
    setItems(await api.list(query));
  };
  return { items, refresh };
};

export function formatPrice<T extends number>(cents: T): string {
  return (cents / 100).toFixed(2);
}

export interface WidgetProps {
  id: string;
  onSelect(id: string): void;
}

export type WidgetId = string | number;

export enum Size { Small, Large }

@Injectable()
export class WidgetStore<T> extends Base {
  private cache = new Map<string, T>();

  constructor(private readonly http: Http) {
    super();
  }

  handleChange = (id: string) => {
    this.cache.delete(id);
  };

  async load(id: string): Promise<T> {
    return this.http.get(id);
  }

  static create() { return new WidgetStore(); }
}

export namespace Formats {
  export function short(id: string) { return id.slice(0, 6); }
}

export default class {
  render() { return null; }
}

const lazy = () => import("./lazy");
`

func TestTypeScriptSymbols(t *testing.T) {
	f := parseText(t, "web/src/widgets/store.ts", tsWidget)
	checkLines(t, "symbols", describe(f), []string{
		"const legacy 6-6 @6",
		"const MAX_ITEMS 8-8 @8",
		"var renders 9-9 @9",
		"function useWidgets (11)12-18 @12",
		"function useWidgets.refresh 14-16 @14 in=useWidgets",
		"function formatPrice 20-22 @20",
		"interface WidgetProps 24-27 @24",
		"method WidgetProps.onSelect 26-26 @26 in=WidgetProps",
		"type WidgetId 29-29 @29",
		"enum Size 31-31 @31",
		"class WidgetStore 33-50 @34",
		"method WidgetStore.constructor 37-39 @37 in=WidgetStore",
		"method WidgetStore.handleChange 41-43 @41 in=WidgetStore",
		"method WidgetStore.load 45-47 @45 in=WidgetStore",
		"method WidgetStore.create 49-49 @49 in=WidgetStore",
		"module Formats 52-54 @52",
		"function Formats.short 53-53 @53 in=Formats",
		"class default 56-58 @56",
		"method default.render 57-57 @57 in=default",
		"function lazy 60-60 @60",
	})
	checkLines(t, "imports", describeImports(f), []string{
		"1 react",
		"2 ./types",
		"3 ../api/client",
		"4 @/components/Button",
		"5 ./hooks",
		"6 ./legacy",
		"60 ./lazy",
	})
}

const tsxCard = `import { FC } from "react";

type CardProps = { title: string; children?: React.ReactNode };

export const Card: FC<CardProps> = ({ title, children }) => (
  <section className="card">
    <h2>{title}</h2>
    {children}
  </section>
);

export default function CardList({ cards }: { cards: CardProps[] }) {
  const onClick = () => console.log("click");
  return (
    <ul onClick={onClick}>
      {cards.map((c) => <Card key={c.title} {...c} />)}
    </ul>
  );
}

export const Row = memo(({ title }: CardProps) => <li>{title}</li>);

export const timer = setInterval(tick, 1000);

class Legacy extends React.Component<CardProps> {
  render() {
    return <div>{this.props.title}</div>;
  }
}
`

func TestTSXSymbols(t *testing.T) {
	f := parseText(t, "web/src/Card.tsx", tsxCard)
	checkLines(t, "symbols", describe(f), []string{
		"type CardProps 3-3 @3",
		"function Card 5-10 @5",
		"function CardList 12-19 @12",
		"function CardList.onClick 13-13 @13 in=CardList",
		"function Row 21-21 @21",
		"const timer 23-23 @23",
		"class Legacy 25-29 @25",
		"method Legacy.render 26-28 @26 in=Legacy",
	})
}

const jsServer = `'use strict';
const express = require('express');
const { render } = require('./views/render.js');

function* ids() { let i = 0; while (true) yield i++; }

class Router {
  #routes = [];
  add(path, fn) { this.#routes.push([path, fn]); }
  get size() { return this.#routes.length; }
}

const handler = function (req, res) {
  res.send(render(req.query));
};

Router.prototype.reset = function () {
  this.routes = [];
};

exports.listen = (port) => express().listen(port);
module.exports.Plugin = class { start() {} };
module.exports = { Router, handler };
`

const tsOverloads = `export function parse(s: string): number;
export function parse(s: string, radix: number): number;
/** Parses s. */
export function parse(s: string, radix = 10): number {
  return Number.parseInt(s, radix);
}

class Money {
  add(m: Money): Money;
  add(cents: number): Money;
  add(v: Money | number): Money {
    return this;
  }
  sub(m: Money) { return this; }
}

declare function legacy(x: string): void;
declare const VERSION: string;
`

func TestTypeScriptOverloadsAreOneSymbol(t *testing.T) {
	f := parseText(t, "money.ts", tsOverloads)
	checkLines(t, "symbols", describe(f), []string{
		"function parse 1-6 @4",
		"class Money 8-15 @8",
		"method Money.add 9-13 @11 in=Money",
		"method Money.sub 14-14 @14 in=Money",
		"function legacy 17-17 @17",
		"const VERSION 18-18 @18",
	})
}

func TestJavaScriptSymbols(t *testing.T) {
	f := parseText(t, "server/app.js", jsServer)
	checkLines(t, "symbols", describe(f), []string{
		"const express 2-2 @2",
		"function ids 5-5 @5",
		"class Router 7-11 @7",
		"method Router.add 9-9 @9 in=Router",
		"method Router.size 10-10 @10 in=Router",
		"function handler 13-15 @13",
		"method Router.reset 17-19 @17",
		"function listen 21-21 @21",
		"class Plugin 22-22 @22",
		"method Plugin.start 22-22 @22 in=Plugin",
	})
	checkLines(t, "imports", describeImports(f), []string{
		"2 express",
		"3 ./views/render.js",
	})
}
