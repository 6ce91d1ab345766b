// SPDX-License-Identifier: MIT
// Store (store.h): opening the file (checked, migrated, or set aside) and
// making its concern objects over the one connection.
#include "core/store/store.h"

#include <chrono>
#include <system_error>
#include <thread>
#include <utility>
#include <variant>
#include <vector>

#include "core/store/ratings_table.h"
#include "core/store/schema.h"
#include "core/store/set_aside.h"
#include "core/store/sqlite.h"
#include "core/util/translation.h"

namespace gambit::store {

namespace {

namespace fs = std::filesystem;

// How long opening waits for other processes that hold the file.
constexpr std::chrono::seconds OpenPatience{10};

// Why an opened file cannot be used as it is. Damage (not a database, corrupt,
// newer, someone else's) means the file is set aside; anything else (busy,
// read-only, a full disk) is an error to report with the file left alone.
struct OpenProblem {
  bool damage = false;
  bool busy = false;  // another process holds the file: try again shortly
  std::string message;
};

// Checks and migrates an opened file; the schema version it had before. The
// checks only read, so a file set aside afterwards is exactly as it was found.
std::variant<int, OpenProblem> prepare(Connection& db) {
  auto problem = [&db](const std::string& what) {
    return OpenProblem{db.last_error_is_damage(), db.last_error_is_busy(), what};
  };
  // One read transaction: a consistent view even while another process creates or migrates the file.
  if (auto begun = db.exec("BEGIN"); !begun) return problem(begun.error());
  struct EndRead {  // ends the read transaction on every early return
    Connection& db;
    bool open = true;
    ~EndRead() {
      if (open) static_cast<void>(db.exec("COMMIT"));
    }
  } end_read{db};
  auto check = Statement::prepare(db, "PRAGMA quick_check");
  if (!check) return problem(check.error());
  auto row = check.value().step();
  if (!row) return problem(row.error());
  if (!row.value() || check.value().column_text(0) != "ok")
    return OpenProblem{true, false,
                       // TRANSLATORS: about the scores file; {reason} is SQLite's report of the damage, in English.
                       fill(tr("it is damaged ({reason})"),
                            {{"reason", row.value() ? check.value().column_text(0) : std::string("?")}})};
  check.value().reset();
  auto version = db.query_int("PRAGMA user_version");
  if (!version) return problem(version.error());
  if (version.value() > SchemaVersion)
    return OpenProblem{true, false,
                       fill(tr("it was written by a newer Gambit (schema {schema}, this one knows up to {known})"),
                            {{"schema", std::to_string(version.value())}, {"known", std::to_string(SchemaVersion)}})};
  if (version.value() < 0) return OpenProblem{true, false, tr("it is a database of some other program")};
  auto tables = db.query_int("SELECT count(*) FROM sqlite_master WHERE type = 'table'");
  if (!tables) return problem(tables.error());
  if (version.value() == 0 && tables.value() > 0)
    return OpenProblem{true, false, tr("it is a database of some other program")};
  for (const char* table : tables_of_schema(int(version.value()))) {
    auto found = db.query_int(std::string("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = '") +
                              table + "'");
    if (!found) return problem(found.error());
    if (found.value() != 1)
      return OpenProblem{true, false,
                         // TRANSLATORS: {table} is the name of a table of the database (not translated).
                         fill(tr("it is not a Gambit scores file (no table {table})"), {{"table", table}})};
  }
  check.value().reset();
  end_read.open = false;
  if (auto read = db.exec("COMMIT"); !read) return problem(read.error());

  auto mode = Statement::prepare(db, "PRAGMA journal_mode = WAL");
  if (!mode) return problem(mode.error());
  auto mode_row = mode.value().step();
  if (!mode_row) return problem(mode_row.error());
  if (!mode_row.value() || mode.value().column_text(0) != "wal")
    return OpenProblem{false, false, tr("the file system does not allow SQLite's write-ahead log here")};
  mode.value().reset();
  if (auto sync = db.exec("PRAGMA synchronous = FULL"); !sync) return problem(sync.error());
  auto migrated = migrate(db);
  if (!migrated) return problem(migrated.error());
  return int(version.value());
}

}  // namespace

Store::Store(fs::path path, std::string profile, std::unique_ptr<Connection> db)
    : path_(std::move(path)),
      profile_(std::move(profile)),
      db_(std::move(db)),
      games_(*db_, path_),
      ratings_(*db_, profile_),
      reviews_(*db_, games_),
      practice_(*db_, profile_),
      puzzles_(*db_, profile_) {}

Store::~Store() = default;

Result<Store::Opened> Store::open(const fs::path& path, const std::string& profile) {
  std::error_code error;
  if (path.has_parent_path()) {
    fs::create_directories(path.parent_path(), error);
    if (error)
      // TRANSLATORS: {reason} is the system's words for the error.
      return Failure{fill(tr("cannot make the folder {path}: {reason}"),
                          {{"path", path.parent_path().string()}, {"reason", error.message()}})};
  }
  if (fs::is_directory(path, error))
    return Failure{fill(tr("{path} is a folder, not a scores file"), {{"path", path.string()}})};

  const FolderLock lock(path.has_parent_path() ? path.parent_path() : fs::path("."));
  std::optional<std::string> notice;
  const auto give_up = std::chrono::steady_clock::now() + OpenPatience;
  for (int set_aside = 0;;) {
    const std::vector<fs::path> had = side_files(path);
    auto db = Connection::open(path);
    if (!db) return Failure{db.error()};
    auto prepared = prepare(*db.value());
    if (std::holds_alternative<int>(prepared)) {
      // Also after a crash between a migration and this step: it runs until no game lacks its ratings.
      if (auto rebuilt = rebuild_ratings(*db.value()); !rebuilt) return Failure{rebuilt.error()};
      return Opened{std::unique_ptr<Store>(new Store(path, profile, std::move(db).value())), notice};
    }
    const OpenProblem problem = std::get<OpenProblem>(prepared);
    if (problem.busy && std::chrono::steady_clock::now() < give_up) {
      // Another process is creating or migrating the file (SQLite cannot wait
      // on its busy handler while the journal mode changes): try again.
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      continue;
    }
    if (!problem.damage || set_aside++ > 0)
      // TRANSLATORS: {reason} is why the file cannot be used ("it is a database of some other program").
      return Failure{fill(tr("cannot use the scores file {path}: {reason}"),
                          {{"path", path.string()}, {"reason", problem.message}})};
    db.value()->keep_log_on_close();  // the file is set aside exactly as it was found
    db.value().reset();
    auto aside = move_aside(path, had);
    if (!aside) return Failure{aside.error()};
    // TRANSLATORS: {reason} is why the file could not be used ("it is damaged (...)"); {aside} the file it was
    // renamed to.
    notice = fill(tr("The scores file {path} could not be used ({reason}); it was kept as {aside} and a new one was "
                     "started."),
                  {{"path", path.string()}, {"reason", problem.message}, {"aside", aside.value().string()}});
  }
}

}  // namespace gambit::store
