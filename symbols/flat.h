//go:build cgo

// The flat walk: one call parses a file and reads out of its tree what the
// extractors need, so that Go crosses into C once per file rather than
// once per node visited.

#ifndef SYMBOLS_FLAT_H
#define SYMBOLS_FLAT_H

#include "tsapi.h"

// flat_node flags.
enum {
  FLAT_NAMED = 1,               // a named node (not punctuation or a keyword)
  FLAT_ENDS_AT_LINE_START = 2,  // its end point is at column 0
};

// flat_node is one node of a walked tree. The walk lists nodes in document
// order: a node's first child is the next node, each child names its next
// sibling.
typedef struct {
  uint32_t start_byte, end_byte;
  uint32_t start_row, end_row;
  uint32_t next;    // index of the next sibling, 0 after the last child
  uint32_t kids;    // children listed: 0 for a leaf and for a node not opened
  uint16_t symbol;  // ts_node_symbol
  uint16_t field;   // field id under its parent, 0 for none
  uint8_t flags;
} flat_node;

// flat_capture is one match of an imports query: its @path capture and,
// when it has one, its @fn capture (fn_start is UINT32_MAX when not).
typedef struct {
  uint32_t path_start, path_end, path_row;
  uint32_t fn_start, fn_end;
} flat_capture;

// What flat_parse returns.
enum {
  FLAT_OK,          // nodes and captures hold the file's walk
  FLAT_NO_TREE,     // the parse timed out or was cancelled
  FLAT_TOO_BROKEN,  // error nodes cover more than the share allowed: not walked
  FLAT_NO_MEMORY,
};

// flat_rule is what the walk opens of a node of one symbol, when the
// walk lists it.
typedef struct {
  uint8_t open;    // list its children
  uint16_t field;  // list those of its child in this field (0 for none)
                   // whatever that child's type, when the child's text
                   // holds one of the rules' words (or they have none), and
                   // only then
} flat_rule;

// flat_rules are a grammar's rules by symbol id, with the words a field
// child's text must hold one of, each ending in a NUL.
typedef struct {
  const flat_rule *rules;
  uint32_t n_rules;
  const char *words;
  uint32_t words_len;
} flat_rules;

// flat_state is a parser with the buffers of its last walk, reused from
// one file to the next; one goroutine uses it at a time.
typedef struct {
  TSParser *parser;
  size_t cancel;  // set (atomically) to stop a parse
  TSQueryCursor *query_cursor;
  TSTreeCursor cursor;
  bool has_cursor;

  flat_node *nodes;
  uint32_t n_nodes, cap_nodes;
  uint32_t *stack;  // per open node: its index, its last child listed, its rule's field
  uint32_t cap_stack;
  flat_capture *captures;
  uint32_t n_captures, cap_captures;

  bool has_error;        // the tree has error or missing nodes
  uint32_t error_bytes;  // bytes that error nodes cover, nested ones counted once

  TSTree *kept;  // the last parse's tree when flat_parse was asked to keep it
} flat_state;

flat_state *flat_new(const TSLanguage *lang);
void flat_free(flat_state *st);

// flat_parse parses len bytes of src (read during the call only) and walks
// the tree: every node whose parent is open is listed, the root is open,
// and a node is open when rules is NULL (every node is); else a node in
// the field its parent's rule names is open when its text holds one of
// the rules' words (or they have none), another when its own rule opens
// it. When query is not NULL, its matches with a path_capture capture are
// listed in captures. A tree whose error nodes cover more than
// max_error_share of src is not walked. When keep is set, the tree is kept
// for flat_rewalk.
int flat_parse(flat_state *st, const char *src, uint32_t len, uint64_t timeout_micros,
               double max_error_share, const flat_rules *rules, const TSQuery *query,
               uint32_t path_capture, uint32_t fn_capture, bool keep);

// flat_rewalk walks the tree flat_parse kept of the same src again, as
// flat_parse walks a tree, and frees it: the open lists' test walks one
// tree with and without rules. FLAT_NO_TREE when none was kept.
int flat_rewalk(flat_state *st, const char *src, uint32_t len, double max_error_share,
                const flat_rules *rules, const TSQuery *query, uint32_t path_capture,
                uint32_t fn_capture);

// flat_shrink frees buffers grown past max_bytes by a large file.
void flat_shrink(flat_state *st, size_t max_bytes);

// flat_query compiles query source src for lang; NULL when it does not
// compile.
TSQuery *flat_query(const TSLanguage *lang, const char *src, uint32_t len);

// flat_capture_id is the id of query q's capture name, UINT32_MAX when it
// has none of that name.
uint32_t flat_capture_id(const TSQuery *q, const char *name);

#endif
