#include "json_out.hpp"

#include <iostream>
#include <sstream>

namespace bitsolve::cli {

void add_search_fields(Json& j, const SearchStats& s, bool stats, const std::string& algorithm) {
    j["nodes"] = s.expanded;
    j["generated"] = s.generated;
    j["time_s"] = s.seconds;
    if (!stats) return;
    j["algorithm"] = algorithm;
    j["nodes_per_s"] = s.seconds > 0 ? static_cast<double>(s.expanded) / s.seconds : 0.0;
}

Json path_array(const std::string& text, bool split_chars) {
    Json a = Json::array();
    if (split_chars) {
        for (char c : text)
            if (c != ' ') a.push_back(std::string(1, c));
        return a;
    }
    std::istringstream in(text);
    for (std::string w; in >> w;) a.push_back(w);
    return a;
}

Json error_object(std::size_t line, const std::string& message) {
    Json j;
    j["line"] = line;
    j["error"] = message;
    return j;
}

void print_json(const Json& j) {
    std::cout << j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
}

}  // namespace bitsolve::cli
