// SPDX-License-Identifier: MIT
// A thin RAII layer over the SQLite C API, just what the store needs:
// Connection (one open database), Statement (a prepared statement with bind
// and column access; each_row reads its rows) and Transaction (BEGIN
// IMMEDIATE .. COMMIT, rolled back when not committed). Errors come back as
// Failure sentences naming the SQLite message; nothing here throws.
//
// Threading: each object is used from one thread at a time.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "core/util/result.h"

struct sqlite3;
struct sqlite3_stmt;

namespace gambit::store {


class Connection {
 public:
  // Opens (creating) the file, with foreign keys on and a busy timeout.
  static Result<std::unique_ptr<Connection>> open(const std::filesystem::path& path);
  ~Connection();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  // Runs one or more statements that return no rows.
  Result<bool> exec(const std::string& sql);
  // The first column of the first row of a query returning an integer.
  Result<std::int64_t> query_int(const std::string& sql);
  std::int64_t last_insert_id() const;
  // Closing will not fold the write-ahead log into the file (a file about to be
  // set aside stays exactly as it was found, log beside it).
  void keep_log_on_close();
  // The most recent SQLite message, for Failure texts.
  std::string message() const;
  // The most recent failure says the file is not a database or is damaged
  // (SQLITE_NOTADB, SQLITE_CORRUPT), as opposed to e.g. busy or read-only.
  bool last_error_is_damage() const;
  // The most recent failure is SQLITE_BUSY or SQLITE_LOCKED: another connection holds the file.
  bool last_error_is_busy() const;
  sqlite3* handle() const { return db_; }

 private:
  explicit Connection(sqlite3* db) : db_(db) {}
  sqlite3* db_;
};

class Statement {
 public:
  static Result<Statement> prepare(Connection& db, const std::string& sql);
  ~Statement();
  Statement(Statement&& other) noexcept;
  Statement& operator=(Statement&&) = delete;
  Statement(const Statement&) = delete;

  // Parameters are numbered from 1, as in SQL "?1".
  Statement& bind(int index, std::int64_t value);
  Statement& bind(int index, double value);
  Statement& bind(int index, const std::string& text);
  Statement& bind_blob(int index, std::span<const std::uint8_t> bytes);
  Statement& bind_null(int index);

  // Advances: true with a row to read, false when done; a failure in words.
  Result<bool> step();
  // Runs a statement that returns no row (step until done).
  Result<bool> run();
  void reset();

  std::int64_t column_int(int index) const;
  double column_double(int index) const;
  std::string column_text(int index) const;
  std::vector<std::uint8_t> column_blob(int index) const;
  bool column_null(int index) const;

 private:
  Statement(Connection& db, sqlite3_stmt* statement) : db_(&db), statement_(statement) {}
  Connection* db_;
  sqlite3_stmt* statement_;
  bool bind_failed_ = false;
};

// Calls read(statement) for each row until the query is done.
template <class Read>
Result<bool> each_row(Statement& query, Read&& read) {
  for (;;) {
    auto row = query.step();
    if (!row) return Failure{row.error()};
    if (!row.value()) return true;
    read(static_cast<const Statement&>(query));
  }
}

// BEGIN IMMEDIATE (the write lock is taken at once, so two writers queue on
// the busy timeout instead of failing at commit); rolled back on destruction
// unless commit() succeeded.
class Transaction {
 public:
  static Result<std::unique_ptr<Transaction>> begin(Connection& db);
  ~Transaction();
  Result<bool> commit();

 private:
  explicit Transaction(Connection& db) : db_(db) {}
  Connection& db_;
  bool done_ = false;
};

}  // namespace gambit::store
