// The Dear ImGui peer of `glasspane bench --scenario list` (docs/bench.md, "The list against Dear ImGui"): the same
// 10,000-row, 3-column list (index, a short text, a number) in a 560x600 window, drawn with ImGuiListClipper inside
// a scrolling table, under the same scripted wheel as Examples/Scripts/bench/list-scroll.jsonl (one notch down a
// frame for 600 frames, then one notch up a frame for 600), then 600 idle frames.
//
// Implements: SDL2 + OpenGL 3.3 core (Debian's libimgui-dev 1.86 with its SDL2 and OpenGL3 backends), uncapped
// frames with glFinish before the swap (as Glasspane's headless bench), the overlay CPU time per frame (ImGui's
// NewFrame through ImGui_ImplOpenGL3_RenderDrawData: building, laying out and submitting the UI).
// Does not: draw a scene (a clear only), read input from the platform (the wheel is injected), use a font other than
// ImGui's built-in one.
//
//   imgui_list [--rows N] [--warmup N]      prints one line per phase: "imgui-list scroll|idle: p50 X us, ..."
//                                          then "imgui-list scroll render: p50 X us ..." (the GL backend alone)
#include <SDL.h>
#include <GL/gl.h>
#include <imgui.h>
#include <backends/imgui_impl_sdl.h>
#include <backends/imgui_impl_opengl3.h>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <vector>

static const char *words[] = {"amber", "basalt", "cobalt", "dune", "ember", "fjord", "garnet", "harbor", "indigo", "juniper"};

// The percentile of a sorted copy (nearest rank).
static double percentile(std::vector<double> v, double p) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    size_t i = (size_t)(p / 100.0 * (double)(v.size() - 1) + 0.5);
    return v[std::min(i, v.size() - 1)];
}

static void report(const char *phase, const std::vector<double> &us) {
    double sum = 0;
    for (double x : us) sum += x;
    printf("imgui-list %s: frames %zu, overlay CPU p50 %.1f us, p90 %.1f us, mean %.1f us\n", phase, us.size(),
           percentile(us, 50), percentile(us, 90), us.empty() ? 0 : sum / (double)us.size());
}

// The calling thread's CPU time in microseconds: unlike the steady clock it leaves out time the thread waited or was
// preempted (Glasspane's `bench --thread-cpu` reads the same clock).
static double threadCPUMicroseconds() {
    timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

int main(int argc, char **argv) {
    long rows = 10000, warmup = 60;
    for (int i = 1; i + 1 < argc; i += 2) {
        char *end = nullptr;
        long v = strtol(argv[i + 1], &end, 10);
        bool ok = end && *end == 0;
        if (!strcmp(argv[i], "--rows") && ok && v >= 1 && v <= 1000000) rows = v;
        else if (!strcmp(argv[i], "--warmup") && ok && v >= 0 && v <= 100000) warmup = v;
        else { fprintf(stderr, "imgui_list: bad argument %s %s (--rows 1...1000000, --warmup 0...100000)\n", argv[i], argv[i + 1]); return 2; }
    }
    if (SDL_Init(SDL_INIT_VIDEO) != 0) { fprintf(stderr, "imgui_list: SDL_Init: %s\n", SDL_GetError()); return 1; }
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3);
    SDL_Window *window = SDL_CreateWindow("imgui-list", SDL_WINDOWPOS_UNDEFINED, SDL_WINDOWPOS_UNDEFINED, 1280, 720,
                                          SDL_WINDOW_OPENGL);
    if (!window) { fprintf(stderr, "imgui_list: SDL_CreateWindow: %s\n", SDL_GetError()); return 1; }
    SDL_GLContext gl = SDL_GL_CreateContext(window);
    if (!gl) { fprintf(stderr, "imgui_list: SDL_GL_CreateContext: %s\n", SDL_GetError()); return 1; }
    SDL_GL_SetSwapInterval(0);
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO &io = ImGui::GetIO();
    io.IniFilename = nullptr;
    ImGui_ImplSDL2_InitForOpenGL(window, gl);
    ImGui_ImplOpenGL3_Init("#version 330");

    std::vector<double> scroll, idle, scrollRender; // scrollRender: ImGui_ImplOpenGL3_RenderDrawData alone
    std::vector<double> scrollThreadCPU, idleThreadCPU; // the same span on the thread's CPU clock
    const long scrollFrames = 1200, idleFrames = 600;
    char index[32], name[32], number[32];
    float scrolledAt600 = 0;
    for (long frame = 0; frame < warmup + scrollFrames + idleFrames; frame++) {
        SDL_Event e;
        while (SDL_PollEvent(&e)) {}
        long f = frame - warmup;  // the script's frames are 1...1200
        auto start = std::chrono::steady_clock::now();
        double startCPU = threadCPUMicroseconds();
        ImGui_ImplOpenGL3_NewFrame();
        ImGui_ImplSDL2_NewFrame();
        io.MousePos = ImVec2(960, 380);
        io.MouseWheel = (f >= 1 && f <= 600) ? -1.0f : (f > 600 && f <= 1200) ? 1.0f : 0.0f;
        ImGui::NewFrame();
        ImGui::SetNextWindowPos(ImVec2(680, 60));
        ImGui::SetNextWindowSize(ImVec2(560, 600));
        ImGui::Begin("list", nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove);
        ImGui::Text("%ld rows", rows);
        if (ImGui::BeginTable("rows", 3, ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg, ImVec2(540, 540))) {
            ImGuiListClipper clipper;
            clipper.Begin((int)rows);
            while (clipper.Step()) {
                for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; i++) {
                    ImGui::TableNextRow();
                    snprintf(index, sizeof index, "%d", i);
                    snprintf(name, sizeof name, "%s %d", words[i % 10], i % 97);
                    snprintf(number, sizeof number, "%.2f", (double)(((long)i * 7919) % 100003) / 100);
                    ImGui::TableSetColumnIndex(0); ImGui::TextUnformatted(index);
                    ImGui::TableSetColumnIndex(1); ImGui::TextUnformatted(name);
                    ImGui::TableSetColumnIndex(2); ImGui::TextUnformatted(number);
                }
            }
            if (f == 600) scrolledAt600 = ImGui::GetScrollY();
            ImGui::EndTable();
        }
        ImGui::End();
        ImGui::Render();
        glViewport(0, 0, 1280, 720);
        glClearColor(0.1f, 0.1f, 0.12f, 1);
        glClear(GL_COLOR_BUFFER_BIT);
        auto renderStart = std::chrono::steady_clock::now();
        ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
        double renderUs = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - renderStart).count();
        double us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count();
        double cpuUs = threadCPUMicroseconds() - startCPU;
        glFinish();
        SDL_GL_SwapWindow(window);
        if (f >= 1 && f <= scrollFrames) { scroll.push_back(us); scrollRender.push_back(renderUs); scrollThreadCPU.push_back(cpuUs); }
        else if (f > scrollFrames) { idle.push_back(us); idleThreadCPU.push_back(cpuUs); }
    }
    printf("imgui-list: %ld rows, scrolled %.0f points by frame 600\n", rows, scrolledAt600);
    report("scroll", scroll);
    report("idle", idle);
    // How much of the scrolling frame is the GL backend drawing the rows (the part a retained overlay pays too).
    printf("imgui-list scroll render: p50 %.1f us of the overlay CPU (ImGui_ImplOpenGL3_RenderDrawData alone)\n",
           percentile(scrollRender, 50));
    printf("imgui-list scroll thread CPU: p50 %.1f us\n", percentile(scrollThreadCPU, 50));
    printf("imgui-list idle thread CPU: p50 %.1f us\n", percentile(idleThreadCPU, 50));
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplSDL2_Shutdown();
    ImGui::DestroyContext();
    SDL_GL_DeleteContext(gl);
    SDL_DestroyWindow(window);
    SDL_Quit();
    return 0;
}
