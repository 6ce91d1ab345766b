// SPDX-License-Identifier: MIT
// PluginLibrary: one player plugin file, with its descriptor checked
// (player_api.h): loaded into the program (load), or only described by a
// child process that loaded it (describe, child_instance.h), so that none of
// its code runs here until an instance is wanted in this program.
//
// A PluginLibrary exists only for a plugin that passed every check, so its
// descriptor has the host's ABI major version, a large enough struct_size, a
// non-empty id/name/version, every function pointer set, and a well-formed
// options schema and level list. It is shared (std::shared_ptr): every
// PluginPlayer holds the library it came from, so the code stays loaded while
// instances exist; the file is unloaded (dlclose) when the last holder goes.
//
// Threading: a loaded PluginLibrary is immutable; every const member may be
// called from any thread.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/util/result.h"
#include "core/chess/variant.h"
#include "core/players/level_ratings.h"
#include "core/players/options.h"
#include "core/players/permissions.h"
#include "core/players/player_api.h"
#include "core/players/isolation.h"

namespace gambit::players {

class PluginLibrary {
 public:
  // Loads the plugin file (dlopen RTLD_NOW | RTLD_LOCAL), asks its entry symbol
  // for the host's ABI major version and checks the descriptor. On refusal the
  // message names the file and the reason, e.g. "cannot load plugin
  // '/x/fake.so': not a shared library (invalid ELF header)". Call from any
  // thread; loading runs the plugin's static initialisers.
  static Result<std::shared_ptr<const PluginLibrary>> load(const std::filesystem::path& file);
  // Asks a child process to load the file and describe the plugin
  // (child_instance.h), and checks that description as load() checks a
  // descriptor; the refusals are load()'s sentences, or say what the child did.
  static Result<std::shared_ptr<const PluginLibrary>> describe(const std::filesystem::path& file,
                                                               const Isolation& isolation);

  ~PluginLibrary();  // dlclose
  PluginLibrary(const PluginLibrary&) = delete;
  PluginLibrary& operator=(const PluginLibrary&) = delete;

  const std::filesystem::path& path() const { return path_; }  // as given to load()
  const std::string& id() const { return id_; }                // e.g. "alphabeta"
  const std::string& name() const { return name_; }            // for people
  const std::string& version() const { return version_; }
  const std::string& description() const { return description_; }  // may be empty
  std::uint32_t abi_minor() const { return descriptor_->abi_minor; }

  // The options schema and the levels, checked: names are unique identifiers
  // (letters, digits, '_', '-'); names, defaults, choices and level settings are
  // non-NULL (help and descriptions may be NULL: read them as empty); every
  // default and level setting is valid (core/players/options.h). Static data.
  std::span<const gambit_option_spec> options() const { return {descriptor_->options, descriptor_->option_count}; }
  std::span<const gambit_level> levels() const { return {descriptor_->levels, descriptor_->level_count}; }

  // The variants the plugin plays (ABI 1.1 descriptor field; standard chess
  // alone for a 1.0 plugin or an empty list). Ids this host does not know are
  // left out; a list with a NULL entry refuses the plugin at load.
  std::span<const chess::Variant> variants() const { return variants_; }
  bool plays(chess::Variant v) const;

  // What the plugin declared it needs beyond its sandbox (ABI 1.4 descriptor
  // field; nothing for an older plugin). Checked at load: each of a known
  // kind, naming a text option of its schema.
  const std::vector<Permission>& permissions() const { return permissions_; }

  // The plugin has a consider_draw (ABI 1.2); without one it is a player with
  // no opinion on draws (or a descriptor of ABI 1.0 or 1.1).
  bool considers_draws() const;

  // What its levels measured, from the ratings file beside the plugin file
  // (level_ratings.h); empty when there is none or it could not be used, and
  // then ratings_problem() says why in a sentence naming the file.
  const LevelRatings& ratings() const { return ratings_; }
  const std::string& ratings_problem() const { return ratings_problem_; }
  // Stockfish's centipawns per one of the plugin's scores, from the same file
  // (its score_scale line); 1 without one, as for an engine that scores the
  // way Stockfish does.
  double score_scale() const { return score_scale_; }
  // The measured rating of a seat playing exactly this level (resolved options
  // equal to the level's presets alone), or none.
  std::optional<LevelRating> rating_of(std::string_view level, const OptionList& options) const;
  // The measured level whose presets alone resolve to exactly these options,
  // if any: a seat with such options plays as that level, and is that level
  // (a 1200 seat given the 1600's elo is alphabeta 1600).
  std::optional<LevelRating> measured_level_playing(const OptionList& options) const;

  // The checked C descriptor's data, for the functions of core/players/options.h.
  // Static in a loaded library; a described one's is kept by the library and
  // has no functions (an instance is made by LoadedInstance or ChildInstance).
  const gambit_plugin_descriptor& descriptor() const { return *descriptor_; }
  // False for a library only described by a child.
  bool loaded() const { return handle_ != nullptr; }

  // The plugin's own functions, for an instance in this program
  // (LoadedInstance): a described library loads the file now (once;
  // thread-safe) and refuses it when it is not the plugin the child described.
  Result<const gambit_plugin_descriptor*> own_functions() const;

 private:
  struct Described;  // a described plugin's descriptor and the data it points into

  PluginLibrary();
  static Result<std::shared_ptr<const PluginLibrary>> adopt(std::shared_ptr<PluginLibrary> library,
                                                            const gambit_plugin_descriptor* descriptor);
  void read_ratings();

  std::unique_ptr<Described> described_;
  mutable std::once_flag loading_;
  mutable Result<std::shared_ptr<const PluginLibrary>> loaded_{Failure{}};
  void* handle_ = nullptr;
  std::vector<chess::Variant> variants_;
  std::vector<Permission> permissions_;
  const gambit_plugin_descriptor* descriptor_ = nullptr;
  std::filesystem::path path_;
  std::string id_, name_, version_, description_;
  LevelRatings ratings_;
  std::string ratings_problem_;
  double score_scale_ = 1.0;
};

// Text a plugin wrote into an error buffer of `size` bytes: up to the first
// NUL (or the end), control characters shown as spaces, trimmed, and
// "(no message)" when nothing is left.
std::string plugin_message(const char* buffer, std::size_t size);

// A descriptor's consider_draw when it has one (ABI 1.2 and set), else nullptr.
decltype(gambit_plugin_descriptor::consider_draw) consider_draw_function(const gambit_plugin_descriptor& d);

}  // namespace gambit::players
