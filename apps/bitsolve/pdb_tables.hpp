#pragma once
// How the CLI obtains pattern databases: the default cache directory (with the options that
// replace it in the error), and what the user sees while tables are loaded and built.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>

#include "bitsolve/sliding/pdb/cache.hpp"

namespace bitsolve::cli {

// pdb::default_cache_dir() for this process's environment, its error completed with the options
// that avoid it (`options`: those of the command at hand, e.g. "--pdb-dir or --no-cache").
std::filesystem::path default_pdb_dir(const char* options);

// Shows table events on stderr through progress.hpp: "building pattern database KEY", a bar
// redrawn per BFS layer on a terminal, "built KEY in T s (...)"; notes for cached files that
// were rebuilt or built tables that could not be cached.
sliding::pdb::TableReport show_table_events();

// ", 5.2 of 15.3 GB read" (in MB or kB below a gigabyte or a megabyte to read; `read` stopped at
// `to_read`: a file found unusable is read past what was expected), or nothing when nothing is to
// be read.
std::string bytes_read(std::uint64_t read, std::uint64_t to_read);

// The status line shown on a terminal while a search loads its tables (Loading, Ready and Reading
// events), `seconds` after loading began: "loading pattern databases: 3 of 8 ready, 5.2 of 15.3
// GB read (12 s)".
std::string loading_status(const sliding::pdb::TableEvent& e, double seconds);

// The same while `build-pdb` checks the cached tables, table `at` (from 1) of `of`: "checking the
// cached tables: 2 of 8, 9.8 of 43.0 GB read (21 s)".
std::string checking_status(std::size_t at, std::size_t of, std::uint64_t read, std::uint64_t to_read, double seconds);

}  // namespace bitsolve::cli
