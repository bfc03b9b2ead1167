//go:build cgo

#include "flat.h"

#include <stdlib.h>
#include <string.h>

flat_state *flat_new(const TSLanguage *lang) {
  flat_state *st = calloc(1, sizeof(flat_state));
  if (st == NULL) return NULL;
  st->parser = ts_parser_new();
  st->query_cursor = ts_query_cursor_new();
  if (st->parser == NULL || st->query_cursor == NULL || !ts_parser_set_language(st->parser, lang)) {
    flat_free(st);
    return NULL;
  }
  ts_parser_set_cancellation_flag(st->parser, &st->cancel);
  return st;
}

void flat_free(flat_state *st) {
  if (st == NULL) return;
  if (st->parser != NULL) ts_parser_delete(st->parser);
  if (st->query_cursor != NULL) ts_query_cursor_delete(st->query_cursor);
  if (st->has_cursor) ts_tree_cursor_delete(&st->cursor);
  if (st->kept != NULL) ts_tree_delete(st->kept);
  free(st->nodes);
  free(st->stack);
  free(st->captures);
  free(st);
}

void flat_shrink(flat_state *st, size_t max_bytes) {
  if ((size_t)st->cap_nodes * sizeof(flat_node) > max_bytes) {
    free(st->nodes);
    st->nodes = NULL;
    st->n_nodes = st->cap_nodes = 0;
  }
  if ((size_t)st->cap_stack * sizeof(uint32_t) > max_bytes) {
    free(st->stack);
    st->stack = NULL;
    st->cap_stack = 0;
  }
  if ((size_t)st->cap_captures * sizeof(flat_capture) > max_bytes) {
    free(st->captures);
    st->captures = NULL;
    st->n_captures = st->cap_captures = 0;
  }
}

// grow makes room for n elements of size bytes in *buf, of capacity *cap.
static bool grow(void **buf, uint32_t *cap, uint32_t n, size_t size) {
  if (n <= *cap) return true;
  uint32_t c = *cap < 256 ? 256 : *cap;
  while (c < n) {
    if (c > UINT32_MAX / 2) return false;
    c *= 2;
  }
  void *b = realloc(*buf, (size_t)c * size);
  if (b == NULL) return false;
  *buf = b;
  *cap = c;
  return true;
}

// cursor_at puts the state's tree cursor at node.
static TSTreeCursor *cursor_at(flat_state *st, TSNode node) {
  if (st->has_cursor) {
    ts_tree_cursor_reset(&st->cursor, node);
  } else {
    st->cursor = ts_tree_cursor_new(node);
    st->has_cursor = true;
  }
  return &st->cursor;
}

// error_bytes counts the bytes error nodes cover, a nested error node
// once, visiting only the nodes that have errors inside.
static uint32_t error_bytes(flat_state *st, TSNode root) {
  TSTreeCursor *cur = cursor_at(st, root);
  uint32_t covered = 0, end = 0;
  for (;;) {
    TSNode n = ts_tree_cursor_current_node(cur);
    if (ts_node_is_error(n)) {
      uint32_t s = ts_node_start_byte(n), e = ts_node_end_byte(n);
      if (e > end) {
        covered += e - (s > end ? s : end);
        end = e;
      }
    }
    if (ts_node_has_error(n) && ts_tree_cursor_goto_first_child(cur)) continue;
    while (!ts_tree_cursor_goto_next_sibling(cur)) {
      if (!ts_tree_cursor_goto_parent(cur)) return covered;
    }
  }
}

// add lists node n, of field field under its parent.
static bool add(flat_state *st, TSNode n, TSFieldId field) {
  if (!grow((void **)&st->nodes, &st->cap_nodes, st->n_nodes + 1, sizeof(flat_node))) return false;
  TSPoint start = ts_node_start_point(n), end = ts_node_end_point(n);
  flat_node *f = &st->nodes[st->n_nodes++];
  f->start_byte = ts_node_start_byte(n);
  f->end_byte = ts_node_end_byte(n);
  f->start_row = start.row;
  f->end_row = end.row;
  f->next = 0;
  f->kids = 0;
  f->symbol = ts_node_symbol(n);
  f->field = field;
  f->flags = (ts_node_is_named(n) ? FLAT_NAMED : 0) | (end.column == 0 ? FLAT_ENDS_AT_LINE_START : 0);
  return true;
}

// mentions reports whether src[start:end] holds one of the rules' words
// (true when they have none).
static bool mentions(const flat_rules *rules, const char *src, uint32_t start, uint32_t end) {
  if (rules->words_len == 0) return true;
  const char *text = src + start;
  size_t n = end - start;
  for (const char *w = rules->words; w < rules->words + rules->words_len; w += strlen(w) + 1) {
    size_t m = strlen(w);
    if (m == 0) return true;
    for (const char *p = text; m <= n - (size_t)(p - text);) {
      p = memchr(p, w[0], n - m + 1 - (size_t)(p - text));
      if (p == NULL) break;
      if (memcmp(p, w, m) == 0) return true;
      p++;
    }
  }
  return false;
}

// rule_field is the field of sym's rule, 0 for none.
static uint32_t rule_field(const flat_rules *rules, TSSymbol sym) {
  return rules != NULL && sym < rules->n_rules ? rules->rules[sym].field : 0;
}

// walk lists the nodes of the tree under root that flat_parse describes.
static int walk(flat_state *st, TSNode root, const char *src, const flat_rules *rules) {
  st->n_nodes = 0;
  if (!add(st, root, 0)) return FLAT_NO_MEMORY;
  TSTreeCursor *cur = cursor_at(st, root);
  if (!ts_tree_cursor_goto_first_child(cur)) return FLAT_OK;
  // The stack holds three words per open node: its index, the index of
  // its last child listed so far (0 for none: the root is no one's
  // child), the field of its rule.
  uint32_t depth = 0;
  if (!grow((void **)&st->stack, &st->cap_stack, 3, sizeof(uint32_t))) return FLAT_NO_MEMORY;
  st->stack[0] = 0;
  st->stack[1] = 0;
  st->stack[2] = rule_field(rules, ts_node_symbol(root));
  for (;;) {
    TSNode n = ts_tree_cursor_current_node(cur);
    TSFieldId field = ts_tree_cursor_current_field_id(cur);
    uint32_t i = st->n_nodes;
    if (!add(st, n, field)) return FLAT_NO_MEMORY;
    uint32_t *top = &st->stack[3 * depth];
    if (top[1] != 0) st->nodes[top[1]].next = i;
    top[1] = i;
    st->nodes[top[0]].kids++;

    const flat_node *f = &st->nodes[i];
    bool open;
    if (rules == NULL) open = true;
    else if (top[2] != 0 && field == top[2]) open = mentions(rules, src, f->start_byte, f->end_byte);
    else open = f->symbol < rules->n_rules && rules->rules[f->symbol].open;
    if (open && ts_tree_cursor_goto_first_child(cur)) {
      uint32_t child_field = rule_field(rules, f->symbol);
      depth++;
      if (!grow((void **)&st->stack, &st->cap_stack, 3 * (depth + 1), sizeof(uint32_t))) return FLAT_NO_MEMORY;
      top = &st->stack[3 * depth];
      top[0] = i;
      top[1] = 0;
      top[2] = child_field;
      continue;
    }
    while (!ts_tree_cursor_goto_next_sibling(cur)) {
      if (depth == 0) return FLAT_OK;
      depth--;
      ts_tree_cursor_goto_parent(cur);
    }
  }
}

// capture lists the matches of query with a path capture.
static int capture(flat_state *st, TSNode root, const TSQuery *query, uint32_t path_capture, uint32_t fn_capture) {
  st->n_captures = 0;
  ts_query_cursor_exec(st->query_cursor, query, root);
  TSQueryMatch m;
  while (ts_query_cursor_next_match(st->query_cursor, &m)) {
    const TSNode *path = NULL, *fn = NULL;
    for (uint16_t k = 0; k < m.capture_count; k++) {
      if (m.captures[k].index == path_capture) path = &m.captures[k].node;
      else if (m.captures[k].index == fn_capture) fn = &m.captures[k].node;
    }
    if (path == NULL) continue;
    if (!grow((void **)&st->captures, &st->cap_captures, st->n_captures + 1, sizeof(flat_capture))) return FLAT_NO_MEMORY;
    flat_capture *c = &st->captures[st->n_captures++];
    c->path_start = ts_node_start_byte(*path);
    c->path_end = ts_node_end_byte(*path);
    c->path_row = ts_node_start_point(*path).row;
    c->fn_start = fn == NULL ? UINT32_MAX : ts_node_start_byte(*fn);
    c->fn_end = fn == NULL ? 0 : ts_node_end_byte(*fn);
  }
  return FLAT_OK;
}

// clear empties the state's walk.
static void clear(flat_state *st) {
  st->n_nodes = st->n_captures = 0;
  st->has_error = false;
  st->error_bytes = 0;
}

// walk_tree measures tree's error nodes and, unless they cover too much of
// src, walks it and lists the query's captures.
static int walk_tree(flat_state *st, TSTree *tree, const char *src, uint32_t len, double max_error_share,
                     const flat_rules *rules, const TSQuery *query, uint32_t path_capture,
                     uint32_t fn_capture) {
  clear(st);
  TSNode root = ts_tree_root_node(tree);
  int status = FLAT_OK;
  if (ts_node_has_error(root)) {
    st->has_error = true;
    st->error_bytes = error_bytes(st, root);
    if (len > 0 && (double)st->error_bytes / (double)len > max_error_share) status = FLAT_TOO_BROKEN;
  }
  if (status == FLAT_OK) status = walk(st, root, src, rules);
  if (status == FLAT_OK && query != NULL) status = capture(st, root, query, path_capture, fn_capture);
  return status;
}

int flat_parse(flat_state *st, const char *src, uint32_t len, uint64_t timeout_micros,
               double max_error_share, const flat_rules *rules, const TSQuery *query,
               uint32_t path_capture, uint32_t fn_capture, bool keep) {
  clear(st);
  if (st->kept != NULL) {
    ts_tree_delete(st->kept);
    st->kept = NULL;
  }
  ts_parser_set_timeout_micros(st->parser, timeout_micros);
  TSTree *tree = ts_parser_parse_string(st->parser, NULL, src, len);
  if (tree == NULL) {
    ts_parser_reset(st->parser);  // a parse stopped half way would resume
    return FLAT_NO_TREE;
  }
  int status = walk_tree(st, tree, src, len, max_error_share, rules, query, path_capture, fn_capture);
  if (keep) st->kept = tree;
  else ts_tree_delete(tree);
  return status;
}

int flat_rewalk(flat_state *st, const char *src, uint32_t len, double max_error_share,
                const flat_rules *rules, const TSQuery *query, uint32_t path_capture,
                uint32_t fn_capture) {
  TSTree *tree = st->kept;
  if (tree == NULL) {
    clear(st);
    return FLAT_NO_TREE;
  }
  st->kept = NULL;
  int status = walk_tree(st, tree, src, len, max_error_share, rules, query, path_capture, fn_capture);
  ts_tree_delete(tree);
  return status;
}

TSQuery *flat_query(const TSLanguage *lang, const char *src, uint32_t len) {
  uint32_t offset;
  TSQueryError err;
  return ts_query_new(lang, src, len, &offset, &err);
}

uint32_t flat_capture_id(const TSQuery *q, const char *name) {
  uint32_t n = ts_query_capture_count(q);
  for (uint32_t i = 0; i < n; i++) {
    uint32_t len;
    const char *s = ts_query_capture_name_for_id(q, i, &len);
    if (strlen(name) == len && memcmp(s, name, len) == 0) return i;
  }
  return UINT32_MAX;
}
