// SPDX-License-Identifier: MIT
/* player_api.h: the C ABI between Gambit (the host) and an AI player plugin.
 *
 * A plugin is a shared library exporting exactly one symbol:
 *
 *   const gambit_plugin_descriptor* gambit_player_plugin(uint32_t host_abi_major);
 *
 * It returns a pointer to a static descriptor (valid until the library is
 * unloaded) or NULL when it cannot serve a host of that ABI major version.
 * The host refuses a descriptor whose abi_major differs from its own or whose
 * struct_size is smaller than the host knows for that major version, naming the
 * file and both versions. New fields are only ever appended (abi_minor grows);
 * the host reads a field only when struct_size says it is present.
 *
 * Only C types cross the boundary. No exception may escape a plugin function
 * (the C++ SDK, gambit/player_sdk.h, catches everything and reports GAMBIT_ERROR).
 *
 * Ownership: the host owns every buffer and struct it passes in; a plugin must
 * not keep pointers to them after the call returns. Strings in the descriptor
 * are static. A plugin instance is created and destroyed by the plugin's own
 * create()/destroy().
 *
 * Threading: create/destroy/new_game/choose_move/consider_draw for one
 * instance are called from one thread at a time (the host's worker thread for
 * that seat), never concurrently. stop() may be called from any thread at any
 * time while choose_move or consider_draw runs (or not), and must return at
 * once. Different instances may be used concurrently from different threads
 * (gambit-match plays several games at once): plugins keep no mutable global
 * state, or guard it.
 */
#ifndef GAMBIT_PLAYER_API_H
#define GAMBIT_PLAYER_API_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GAMBIT_PLAYER_ABI_MAJOR 1u
#define GAMBIT_PLAYER_ABI_MINOR 4u
#define GAMBIT_PLAYER_ENTRY_SYMBOL "gambit_player_plugin"

/* Size of the buffers the host passes for a move (UCI text, NUL-terminated)
 * and for an error message. A plugin writes at most size - 1 bytes plus NUL. */
#define GAMBIT_MOVE_BUFFER_SIZE 8u
#define GAMBIT_ERROR_BUFFER_SIZE 512u

typedef enum gambit_status {
  GAMBIT_OK = 0,
  GAMBIT_ERROR = 1 /* the error buffer says why, in words */
} gambit_status;

typedef enum gambit_option_type {
  GAMBIT_OPTION_INT = 0,    /* decimal integer in [min, max] */
  GAMBIT_OPTION_BOOL = 1,   /* "true" or "false" */
  GAMBIT_OPTION_STRING = 2, /* any UTF-8 text */
  GAMBIT_OPTION_CHOICE = 3  /* one of choices[] */
} gambit_option_type;

/* One option a plugin accepts, with everything a settings screen or a UCI
 * "option" line needs. Values travel as text; the host validates them against
 * this schema before create(), so a plugin receives only well-formed values. */
typedef struct gambit_option_spec {
  const char* name;          /* identifier, e.g. "depth" */
  const char* help;          /* one sentence for people */
  uint32_t type;             /* gambit_option_type */
  int64_t min, max;          /* GAMBIT_OPTION_INT only */
  const char* default_value; /* as text, valid for the type */
  const char* const* choices; /* GAMBIT_OPTION_CHOICE: choice_count strings */
  uint32_t choice_count;
} gambit_option_spec;

/* An option set to a value, both as text. */
typedef struct gambit_option_value {
  const char* name;
  const char* value;
} gambit_option_value;

/* A named difficulty preset ("easy", "medium", "hard", "max"): option values
 * applied before the user's own options. */
typedef struct gambit_level {
  const char* name;
  const char* description;
  const gambit_option_value* settings;
  uint32_t setting_count;
} gambit_level;

/* The position to move in: a FEN plus the moves played since it, in UCI
 * notation (so a plugin can see repetitions), and the variant. The host
 * guarantees the FEN is valid in that variant and every move legal, and sends
 * a variant other than "standard" only to a plugin that lists it in its
 * descriptor's variants. */
typedef struct gambit_position {
  uint32_t struct_size;
  const char* start_fen;
  const char* const* moves;
  uint32_t move_count;
  /* ABI 1.1: the variant id, "standard" or "threecheck" (the FEN then carries
   * the checks each side still has to give, e.g. "3+3"). Absent (struct_size
   * too small) or NULL means "standard". */
  const char* variant;
} gambit_position;

/* How long to think. A zero field means "no such limit"; with no limit at all
 * and infinite == 0 the plugin chooses its own (its options or its level).
 * Clock times are the remaining time of each side (index 0 white, 1 black),
 * negative when the game has no clock. */
typedef struct gambit_limits {
  uint32_t struct_size;
  int64_t movetime_ms;
  int32_t depth;
  int64_t nodes;
  int64_t time_ms[2];
  int64_t increment_ms[2];
  int32_t moves_to_go;
  int32_t infinite; /* think until stop() */
  /* ABI 1.3: how many best lines to report (MultiPV, as for analysis), >= 1.
   * Absent (struct_size too small) or 0 means 1. A plugin that gives fewer
   * lines (or only one: every plugin before 1.3) is still correct: the host
   * shows the lines that come. The move chosen is always the best line's. */
  int32_t multipv;
} gambit_limits;

typedef enum gambit_score_kind {
  GAMBIT_SCORE_NONE = 0,
  GAMBIT_SCORE_CP = 1,  /* centipawns from the side to move's view */
  GAMBIT_SCORE_MATE = 2 /* mate in N moves; negative when being mated */
} gambit_score_kind;

/* Progress while thinking, for a "thinking" display or UCI info lines. */
typedef struct gambit_search_info {
  uint32_t struct_size;
  int32_t depth;
  int32_t seldepth;
  int32_t score_kind; /* gambit_score_kind */
  int32_t score;
  uint64_t nodes;
  uint64_t nps;
  uint64_t time_ms;
  const char* pv; /* space-separated UCI moves; valid during the callback only */
  /* ABI 1.3: which line this report is about when several were asked for
   * (gambit_limits.multipv): 1 for the best, 2 for the second best, ...
   * Absent (struct_size too small) or 0 means 1. The lines of one depth are
   * reported in order, best first. */
  int32_t multipv;
} gambit_search_info;

/* Called by the plugin from inside choose_move, on the thread running it. */
typedef void (*gambit_info_callback)(void* user_data, const gambit_search_info* info);

typedef struct gambit_player gambit_player; /* an opaque plugin instance */

/* ABI 1.4: what an isolated plugin may do beyond its sandbox. Every plugin
 * run in a process of its own may read the system's libraries and its own
 * folder, and nothing else: no other file, no writing, no network, no new
 * process. A plugin that needs more declares it, tied to the option whose
 * value says exactly what (a program, paths, a file); the player grants or
 * withdraws each in the configuration ([plugins.permissions]). */
typedef enum gambit_permission_kind {
  /* Run the program the option names (a path, or a name found on PATH or in
   * /usr/games). It runs in the same sandbox, and may read its own folder. */
  GAMBIT_PERMISSION_RUN_PROGRAM = 0,
  /* Read the files and folders the option lists, separated by ':' (e.g. tablebases). */
  GAMBIT_PERMISSION_READ_PATHS = 1,
  /* Write to the file the option names (e.g. a log); empty: nothing to write. */
  GAMBIT_PERMISSION_WRITE_FILE = 2
} gambit_permission_kind;

typedef struct gambit_permission {
  uint32_t kind;      /* gambit_permission_kind */
  const char* option; /* a string option of the plugin's schema */
  const char* reason; /* one sentence for people: what the plugin does with it */
} gambit_permission;

typedef struct gambit_plugin_descriptor {
  uint32_t abi_major;
  uint32_t abi_minor;
  uint32_t struct_size; /* sizeof(gambit_plugin_descriptor) as the plugin was built */

  const char* id;          /* short identifier used in configs, e.g. "alphabeta" */
  const char* name;        /* for people, e.g. "Gambit Alpha-Beta" */
  const char* version;     /* e.g. "1.0.0" */
  const char* description; /* one or two sentences */
  const gambit_option_spec* options;
  uint32_t option_count;
  const gambit_level* levels;
  uint32_t level_count;

  /* Creates an instance with the given options (validated by the host; options
   * not listed take their defaults). Returns NULL on failure, with a message in
   * error (size bytes). */
  gambit_player* (*create)(const gambit_option_value* options, uint32_t option_count, char* error, size_t size);

  /* Destroys an instance; no other call on it may be running. */
  void (*destroy)(gambit_player* player);

  /* A new game begins: forget per-game state (hash tables, history). */
  gambit_status (*new_game)(gambit_player* player, char* error, size_t size);

  /* Chooses a move in the position within the limits, writing it as UCI text
   * into move (GAMBIT_MOVE_BUFFER_SIZE bytes), or "0000" when there is no legal
   * move. info may be NULL. After stop() it must return its best move so far
   * promptly (within a few milliseconds). */
  gambit_status (*choose_move)(gambit_player* player, const gambit_position* position, const gambit_limits* limits,
                               gambit_info_callback info, void* user_data, char* move, char* error, size_t size);

  /* Asks a running choose_move to return now. Thread-safe, never blocks; a
   * stop with no search running is ignored (it does not affect the next one). */
  void (*stop)(gambit_player* player);

  /* ABI 1.1: the variants this plugin plays, as ids ("standard",
   * "threecheck"); static strings. NULL with variant_count 0, or a descriptor
   * too small to hold these fields (ABI 1.0), means standard chess only. */
  const char* const* variants;
  uint32_t variant_count;

  /* ABI 1.2, optional: NULL (or a descriptor too small to hold it) means the
   * player has no opinion on draws and declines every offer. The opponent has
   * offered a draw with its last move; this player is to move in position.
   * Sets *accept to 1 to agree to the draw (the game ends drawn) or 0 to
   * decline (the host then asks choose_move for a move). It runs on the
   * player's own time for the move: it should take a small part of it, and
   * after stop() it must answer promptly, like choose_move. */
  gambit_status (*consider_draw)(gambit_player* player, const gambit_position* position, int32_t* accept,
                                 char* error, size_t size);

  /* ABI 1.4: what the plugin needs beyond its sandbox (gambit_permission);
   * static. NULL with permission_count 0, or a descriptor too small to hold
   * these fields, means nothing beyond it. */
  const gambit_permission* permissions;
  uint32_t permission_count;
} gambit_plugin_descriptor;

typedef const gambit_plugin_descriptor* (*gambit_player_plugin_entry)(uint32_t host_abi_major);

#ifdef __cplusplus
}
#endif

#endif /* GAMBIT_PLAYER_API_H */
