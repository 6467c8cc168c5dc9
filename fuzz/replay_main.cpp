// Replays fuzz inputs through a fuzz target without libFuzzer, so every build (GCC, ASan,
// _GLIBCXX_DEBUG) runs the seed corpus and every past finding as a regression test:
//   fuzz_<target>_replay DIR...   runs each file of each DIR (missing DIRs are skipped)
// It fails when an input aborts (invariant or sanitizer) or when there was nothing to replay.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

int main(int argc, char** argv) {
    namespace fs = std::filesystem;
    std::size_t count = 0;
    for (int i = 1; i < argc; ++i) {
        const fs::path dir = argv[i];
        if (!fs::is_directory(dir)) continue;
        std::vector<fs::path> files;
        for (const auto& e : fs::directory_iterator(dir))
            if (e.is_regular_file() && e.path().filename() != "README.md") files.push_back(e.path());
        std::sort(files.begin(), files.end());
        for (const auto& f : files) {
            std::ifstream in(f, std::ios::binary);
            const std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
            // Named before running, so a crash's output says which input it was.
            std::printf("replay %s (%zu bytes)\n", f.string().c_str(), bytes.size());
            std::fflush(stdout);
            LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
            ++count;
        }
    }
    std::printf("replayed %zu inputs\n", count);
    if (count == 0) {
        std::fprintf(stderr, "no inputs found: check the corpus paths\n");
        return 1;
    }
    return 0;
}
