#pragma once
// --format text|json: the JSON objects the solving commands print (docs/json.md has the schema).
// The objects are built here, from the library's results; the library knows nothing of JSON.
#include <nlohmann/json.hpp>

#include <cstddef>
#include <string>
#include <vector>

#include "bitsolve/core/stats.hpp"

namespace CLI {
class App;
}  // namespace CLI

namespace bitsolve::cli {

using Json = nlohmann::ordered_json;

// Adds `--format text|json` (text by default); `json` is set when json is chosen.
// (Defined in common.cpp with the other option adders: only the files that add options compile CLI11.)
void add_format_option(CLI::App* cmd, std::string& format);

// The fields every search result has: `nodes` (expanded), `generated`, `time_s`; with --stats
// also `algorithm` and `nodes_per_s`.
void add_search_fields(Json& j, const SearchStats& s, bool stats, const std::string& algorithm);

// The moves of a text path as an array of strings: "DRD" with split_chars gives ["D","R","D"],
// "C-1 B+2" without gives ["C-1","B+2"].
Json path_array(const std::string& text, bool split_chars);

// A batch line that was not answered: {"line": L, "error": message}.
Json error_object(std::size_t line, const std::string& message);

// Prints the object on one line of stdout.
void print_json(const Json& j);

}  // namespace bitsolve::cli
