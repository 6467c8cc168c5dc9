#pragma once
// How the CLI obtains pattern databases: the default cache directory (with the options that
// replace it in the error), and what the user sees while tables are loaded and built.
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

// The status line shown on a terminal while a search loads its tables (Loading, Ready and Reading
// events), `seconds` after loading began: "loading pattern databases: 3 of 8 ready, 5.2 of 15.3
// GB read (12 s)", without the part in GB when no cache file is to be read.
std::string loading_status(const sliding::pdb::TableEvent& e, double seconds);

}  // namespace bitsolve::cli
