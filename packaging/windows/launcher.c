/*
 * audiogame.exe: starts the game with the Python interpreter in the "runtime" folder
 * beside it, as if "python -m audiogame" had been typed there, in this one process.
 *
 * Built twice by build.py with MinGW-w64: as a window program (no console window
 * opens when a player double-clicks it) and, with -DCONSOLE, as audiogame-console.exe,
 * which keeps the console for --help, --speech text and logs.
 *
 * Loading python3XX.dll by its full path (rather than linking to it) lets the
 * interpreter live in its own folder: Python finds its ._pth file beside the DLL and
 * takes that folder as its home, so the player's folder holds only what they use.
 */
#include <windows.h>
#include <shellapi.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#ifndef PYTHON_DLL
#error "build.py defines PYTHON_DLL, e.g. L\"python313.dll\""
#endif

typedef int(__cdecl *py_main_fn)(int, wchar_t **);

/* What a player hears from their screen reader when the game cannot start: the usual
 * cause is running the program from inside the zip, without extracting it first. */
static const wchar_t NOT_EXTRACTED[] =
    L"Il gioco non trova la cartella \"runtime\" accanto ad audiogame.exe. "
    L"Estrai tutto lo zip in una cartella (Estrai tutto), poi avvia audiogame.exe da li'.\n\n"
    L"The game cannot find the \"runtime\" folder next to audiogame.exe. "
    L"Extract the whole zip to a folder (Extract All), then start audiogame.exe from there.";

static int tell(const wchar_t *text) {
#ifdef CONSOLE
    fwprintf(stderr, L"%ls\n", text);
#else
    MessageBoxW(NULL, text, L"audiogame", MB_OK | MB_ICONERROR | MB_SETFOREGROUND);
#endif
    return 1;
}

static int run(void) {
    wchar_t here[32768];
    DWORD n = GetModuleFileNameW(NULL, here, 32768);
    if (n == 0 || n >= 32768) return tell(NOT_EXTRACTED);
    wchar_t *slash = wcsrchr(here, L'\\');
    if (slash == NULL) return tell(NOT_EXTRACTED);
    slash[1] = L'\0';

    wchar_t runtime[32768], dll[32768];
    if (_snwprintf(runtime, 32768, L"%lsruntime", here) < 0) return tell(NOT_EXTRACTED);
    if (_snwprintf(dll, 32768, L"%ls\\%ls", runtime, PYTHON_DLL) < 0) return tell(NOT_EXTRACTED);

    /* the DLL's own dependencies (vcruntime140.dll) are found beside it */
    SetDllDirectoryW(runtime);
    HMODULE python = LoadLibraryExW(dll, NULL, LOAD_WITH_ALTERED_SEARCH_PATH);
    if (python == NULL) return tell(NOT_EXTRACTED);
    py_main_fn py_main = (py_main_fn)(void (*)(void))GetProcAddress(python, "Py_Main");
    if (py_main == NULL) return tell(NOT_EXTRACTED);

    int argc = 0;
    wchar_t **argv = CommandLineToArgvW(GetCommandLineW(), &argc);
    if (argv == NULL || argc < 1) return tell(NOT_EXTRACTED);
    /* python -X utf8 -m audiogame <the player's own arguments>: UTF-8 mode, so what the
       game prints to a pipe or a file is UTF-8, not the ANSI code page (a console gets
       Unicode from Python either way) */
    wchar_t **args = calloc((size_t)argc + 5, sizeof(wchar_t *));
    if (args == NULL) return 1;
    args[0] = argv[0];
    args[1] = L"-X";
    args[2] = L"utf8";
    args[3] = L"-m";
    args[4] = L"audiogame";
    for (int i = 1; i < argc; i++) args[i + 4] = argv[i];
    return py_main(argc + 4, args);
}

#ifdef CONSOLE
int wmain(void) { return run(); }
#else
int WINAPI wWinMain(HINSTANCE instance, HINSTANCE previous, PWSTR command_line, int show) {
    (void)instance;
    (void)previous;
    (void)command_line;
    (void)show;
    return run();
}
#endif
