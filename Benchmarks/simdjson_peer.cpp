// The parser issue 26 names as the fastest way to read JSON Lines: simdjson
// (Debian's libsimdjson-dev) reading a todo-session/1 log, every line parsed
// and checked in full (its DOM API: UTF-8, every value, not only the ones
// read) and the fields todo-report's reader takes from a record copied out as
// it would copy them: the strings (type, event, name, id, timestamp and the
// header's text) as owned strings, seq and to as integers, isDone as a bool.
// Events are counted by name, as DuckDB's count query does. It decodes no
// timestamp or id and replays nothing: it is the reading alone.
//
//   simdjson_peer LOG [--threads N] [--append-to FILE]
//
// The log is read into memory whole, then cut at line ends into N parts
// (2 by default, as DuckDB's peer uses), each parsed on a thread of its own.
// Prints, as JSON, the seconds from the first read to the last record (its
// own clock; process start left out), the seconds of the parse alone, and
// the counts (with --append-to, as one more line of FILE instead).
// Benchmarks/run builds it (g++ -O3 -march=native) into Benchmarks/out.
#include <simdjson.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <thread>
#include <vector>

namespace {

struct Tally {
    std::map<std::string, long long> events;  // by name
    long long records = 0;
    long long errors = 0;
    long long textBytes = 0;  // bytes of the strings copied out
    long long numbers = 0;    // sum of seq and to, so that they are read
};

bool isTextField(std::string_view key) {
    return key == "type" || key == "event" || key == "name" || key == "id" || key == "timestamp" ||
           key == "schema" || key == "sessionId" || key == "app" || key == "appVersion" ||
           key == "userId" || key == "startedAt";
}

void parse(const char* bytes, size_t length, Tally& tally) {
    simdjson::dom::parser parser;
    simdjson::dom::document_stream stream;
    if (parser.parse_many(reinterpret_cast<const uint8_t*>(bytes), length, 1 << 20).get(stream)) {
        tally.errors++;
        return;
    }
    for (auto document : stream) {
        simdjson::dom::object object;
        if (document.get_object().get(object)) {
            tally.errors++;
            continue;
        }
        tally.records++;
        std::string event;
        for (auto field : object) {
            std::string_view key = field.key;
            if (isTextField(key)) {
                std::string_view text;
                if (!field.value.get_string().get(text)) {
                    std::string copy(text);
                    tally.textBytes += static_cast<long long>(copy.size());
                    if (key == "event") event = std::move(copy);
                } else if (key == "timestamp") {
                    double milliseconds;
                    if (!field.value.get_double().get(milliseconds)) tally.numbers += static_cast<long long>(milliseconds);
                }
            } else if (key == "seq" || key == "to") {
                int64_t number;
                if (!field.value.get_int64().get(number)) tally.numbers += number;
            } else if (key == "isDone") {
                bool done;
                if (!field.value.get_bool().get(done)) tally.numbers += done;
            }
        }
        if (!event.empty()) tally.events[event]++;
    }
}

double since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: simdjson_peer LOG [--threads N] [--append-to FILE]\n");
        return 64;
    }
    int threads = 2;
    const char* appendTo = nullptr;
    for (int i = 2; i + 1 < argc; i += 2) {
        if (std::strcmp(argv[i], "--threads") == 0) threads = std::max(1, std::atoi(argv[i + 1]));
        else if (std::strcmp(argv[i], "--append-to") == 0) appendTo = argv[i + 1];
    }
    auto start = std::chrono::steady_clock::now();
    simdjson::padded_string log;
    if (simdjson::padded_string::load(argv[1]).get(log)) {
        std::fprintf(stderr, "simdjson_peer: cannot read %s\n", argv[1]);
        return 66;
    }
    auto parseStart = std::chrono::steady_clock::now();
    // Parts that end at a line end, one a thread.
    std::vector<size_t> cuts{0};
    for (int part = 1; part < threads; part++) {
        size_t cut = log.size() * part / threads;
        while (cut < log.size() && log.data()[cut] != '\n') cut++;
        cuts.push_back(std::min(cut + 1, log.size()));
    }
    cuts.push_back(log.size());
    std::vector<Tally> tallies(threads);
    std::vector<std::thread> workers;
    for (int part = 0; part < threads; part++) {
        workers.emplace_back([&, part] {
            parse(log.data() + cuts[part], cuts[part + 1] - cuts[part], tallies[part]);
        });
    }
    for (auto& worker : workers) worker.join();
    double parseSeconds = since(parseStart), seconds = since(start);

    Tally all;
    for (auto& tally : tallies) {
        for (auto& [name, count] : tally.events) all.events[name] += count;
        all.records += tally.records;
        all.errors += tally.errors;
        all.textBytes += tally.textBytes;
        all.numbers += tally.numbers;
    }
    std::string line = "{\"seconds\": " + std::to_string(seconds) + ", \"parse_seconds\": " + std::to_string(parseSeconds) +
                       ", \"threads\": " + std::to_string(threads) + ", \"records\": " + std::to_string(all.records) +
                       ", \"errors\": " + std::to_string(all.errors) + ", \"text_bytes\": " + std::to_string(all.textBytes) +
                       ", \"events\": {";
    bool first = true;
    for (auto& [name, count] : all.events) {
        line += (first ? "\"" : ", \"") + name + "\": " + std::to_string(count);
        first = false;
    }
    line += "}}\n";
    if (appendTo) {
        FILE* out = std::fopen(appendTo, "a");
        if (!out) return 73;
        std::fputs(line.c_str(), out);
        std::fclose(out);
    } else {
        std::fputs(line.c_str(), stdout);
    }
    return all.errors == 0 ? 0 : 65;
}
