/* CNcursesw: the only place that knows ncursesw's macros and ABI details.
 *
 * Swift cannot import function-like or cast-built macros (A_*, KEY_F(n),
 * getmaxyx, mouse masks) and in Swift 6 mode may not read the globals
 * stdscr/LINES/COLS. Each is given a small static inline accessor here.
 */
#ifndef CNCURSESW_H
#define CNCURSESW_H

#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#include <locale.h>
#include <stdio.h>
#include <wchar.h>
#include <curses.h>
#include <term.h>
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>
#include <dlfcn.h>

/* Attributes. */
static inline attr_t cnc_A_NORMAL(void) { return A_NORMAL; }
static inline attr_t cnc_A_BOLD(void) { return A_BOLD; }
static inline attr_t cnc_A_DIM(void) { return A_DIM; }
static inline attr_t cnc_A_ITALIC(void) { return A_ITALIC; }
static inline attr_t cnc_A_UNDERLINE(void) { return A_UNDERLINE; }
static inline attr_t cnc_A_REVERSE(void) { return A_REVERSE; }
static inline attr_t cnc_A_BLINK(void) { return A_BLINK; }
static inline attr_t cnc_A_ATTRIBUTES(void) { return A_ATTRIBUTES; }
static inline attr_t cnc_A_COLOR(void) { return A_COLOR; }

/* A window as Swift sees it: UnsafeMutablePointer<WINDOW>, or OpaquePointer where WINDOW is opaque
 * (--enable-opaque-curses, --enable-reentrant, ABI 7). */
typedef WINDOW *cnc_window;

/* Window geometry and globals. */
static inline int cnc_getmaxy(WINDOW *w) { int y, x; getmaxyx(w, y, x); (void)x; return y; }
static inline int cnc_getmaxx(WINDOW *w) { int y, x; getmaxyx(w, y, x); (void)y; return x; }
static inline WINDOW *cnc_stdscr(void) { return stdscr; }
static inline int cnc_colors(void) { return COLORS; }
static inline int cnc_color_pairs(void) { return COLOR_PAIRS; }

/* 1 when ncurses has extended colours (ABI 6): colour pairs past 255 in a cell, direct colour's packed RGB. */
static inline int cnc_has_extended_colors(void) {
#if defined(NCURSES_EXT_COLORS)
    return 1;
#else
    return 0;
#endif
}

/* A colour pair. ncurses' extended colours (ABI 6) take colour numbers past 32767, a direct-colour entry's packed
 * RGB values; an ABI-5 build has no init_extended_pair (declared, not in the library): init_pair with shorts. */
static inline int cnc_init_pair(int pair, int foreground, int background) {
#if defined(NCURSES_EXT_COLORS)
    return init_extended_pair(pair, foreground, background);
#else
    if (pair > 32767 || foreground > 32767 || background > 32767) return ERR;
    return init_pair((short)pair, (short)foreground, (short)background);
#endif
}

/* Wide characters: ncursesw marks the columns of a character wider than one
 * column in the A_CHARTEXT bits of each cell's attr (its private WidecExt
 * counter: 1 in the first column, 2... in the others, 0 for a narrow
 * character). Writing over only one half of such a character leaves the other
 * half orphaned, which the screen must repair itself. */
static inline int cnc_is_wide_continuation(const cchar_t *c) {
    int ext = (int)(c->attr & A_CHARTEXT);
    return ext > 1 && ext < 32;
}

/* Keys. */
static inline int cnc_KEY_F(int n) { return KEY_F(n); }

/* Mouse. */
static inline mmask_t cnc_ALL_MOUSE_EVENTS(void) { return ALL_MOUSE_EVENTS; }
static inline mmask_t cnc_REPORT_MOUSE_POSITION(void) { return REPORT_MOUSE_POSITION; }
static inline mmask_t cnc_BUTTON1_PRESSED(void) { return BUTTON1_PRESSED; }
static inline mmask_t cnc_BUTTON1_RELEASED(void) { return BUTTON1_RELEASED; }
static inline mmask_t cnc_BUTTON1_CLICKED(void) { return BUTTON1_CLICKED; }
static inline mmask_t cnc_BUTTON1_DOUBLE_CLICKED(void) { return BUTTON1_DOUBLE_CLICKED; }
static inline mmask_t cnc_BUTTON2_PRESSED(void) { return BUTTON2_PRESSED; }
static inline mmask_t cnc_BUTTON3_PRESSED(void) { return BUTTON3_PRESSED; }
static inline mmask_t cnc_BUTTON3_RELEASED(void) { return BUTTON3_RELEASED; }
static inline mmask_t cnc_BUTTON4_PRESSED(void) { return BUTTON4_PRESSED; }
#ifdef BUTTON5_PRESSED
static inline mmask_t cnc_BUTTON5_PRESSED(void) { return BUTTON5_PRESSED; }
#else
static inline mmask_t cnc_BUTTON5_PRESSED(void) { return 0; }
#endif
static inline mmask_t cnc_BUTTON_SHIFT(void) { return BUTTON_SHIFT; }
static inline mmask_t cnc_BUTTON_CTRL(void) { return BUTTON_CTRL; }
static inline mmask_t cnc_BUTTON_ALT(void) { return BUTTON_ALT; }

/* Terminal capability strings (NULL when absent). */
static inline const char *cnc_tigetstr(const char *name) {
    char *s = tigetstr((char *)name);
    return (s == (char *)-1 || s == NULL) ? NULL : s;
}

/* 1 when terminal type `type` can address the cursor (has `cup` and is not a hard-copy
 * terminal), 0 when it cannot (dumb, unknown, hard-copy types), -1 when the type is not in the
 * terminfo database. Reads the entry with setupterm and frees it again: nothing is written to
 * `fd` and its modes are left alone; the current terminal (`cur_term`) is put back. */
#include <term.h>
static inline int cnc_can_address_cursor(const char *type, int fd) {
    TERMINAL *previous = cur_term;
    int error = 0;
    if (setupterm((char *)type, fd, &error) != OK) {
        set_curterm(previous);
        return -1;
    }
    TERMINAL *probe = cur_term;
    char *cup = tigetstr((char *)"cup");
    int hardcopy = tigetflag((char *)"hc");
    int generic = tigetflag((char *)"gn");
    int usable = cup != NULL && cup != (char *)-1 && hardcopy != 1 && generic != 1;
    set_curterm(previous);
    del_curterm(probe);
    return usable;
}

/* The first byte of the current terminal's capability `name` as ncurses itself reads it (the string
 * tigetstr returns, in the entry's string table), or NULL when the terminal has no such string. */
static inline char *cnc_capability_start(const char *name) {
    char *s = tigetstr((char *)name);
    return (s == NULL || s == (char *)-1 || *s == 0) ? NULL : s;
}

/* Takes a screen just made by newterm out of ncurses' initial state, in which `_nc_mvcur` flushes its
 * output after every cursor move (a frame left in 4-5 `write`s), by going through endwin and doupdate
 * once, as a program that was suspended and resumed does; called before anything else is set up (no
 * keypad, cursor visibility, colours or mouse yet, so neither call has them to undo and redo). The
 * strings that would leave the alternate screen and enter it again (rmcup, smcup; xterm's also pop and
 * push the window title) and leave keypad mode (rmkx) are made empty for both calls and put back: the
 * terminal sees the alternate screen entered once, by newterm. (The macros of term.h, `enter_ca_mode`
 * and friends, name a copy of the entry that ncurses 6 does not read: the strings are emptied in place,
 * by their first byte, in the table tigetstr reads.) `win` (stdscr) is refreshed into the update, so
 * its first-refresh clear is spent here and the first frame does not clear the screen again. */
static inline void cnc_leave_initial_state(WINDOW *win) {
    char *strings[3] = {
        cnc_capability_start("smcup"), cnc_capability_start("rmcup"), cnc_capability_start("rmkx")};
    char first[3] = {0, 0, 0};
    for (int i = 0; i < 3; i++) {
        if (strings[i] != NULL) {
            first[i] = strings[i][0];
            strings[i][0] = 0;
        }
    }
    endwin();
    wnoutrefresh(win);
    doupdate();
    for (int i = 2; i >= 0; i--) {  // backwards: a string shared by two names gets its own first byte back
        if (strings[i] != NULL) strings[i][0] = first[i];
    }
}

/* Makes wgetch return input bytes whole (8 bits), as wget_wch reads them: newterm turns ncurses' meta flag on
 * for a terminal in 8-bit mode but not for input that is no terminal (a pipe), and then wgetch strips the 8th
 * bit. meta() sets the flag and sends the terminal `smm`, which would change what the terminal sends (xterm's
 * `\E[?1034h` makes Alt set the 8th bit instead of sending ESC first): the string is emptied for the call, by its
 * first byte, as cnc_leave_initial_state does, and put back. */
static inline void cnc_meta_quietly(WINDOW *win) {
    char *smm = cnc_capability_start("smm");
    char first = 0;
    if (smm != NULL) {
        first = smm[0];
        smm[0] = 0;
    }
    meta(win, TRUE);
    if (smm != NULL) smm[0] = first;
}

/* ncurses' own screens: what is on the terminal (curscr) and what the next doupdate sends (newscr). */
static inline WINDOW *cnc_curscr(void) { return curscr; }
static inline WINDOW *cnc_newscr(void) { return newscr; }

static inline int cnc_valid_cap(const char *cap) { return cap != NULL && cap != (const char *)-1; }

/* The direct terminal scroll (CursesScreen+Scrolling) is compiled only where the header declares what it
 * calls: the screen-pointer functions (tputs_sp; off in ABI-5 and --without-sp-funcs builds) of ncurses 6
 * (whose _nc_outch_sp writes into the screen's output buffer; 5.8/5.9's wrote to stdio). Elsewhere
 * cnc_can_scroll_terminal() is 0 and ncurses finds the scroll itself. */
#if defined(NCURSES_SP_FUNCS) && NCURSES_SP_FUNCS && defined(NCURSES_VERSION_MAJOR) && NCURSES_VERSION_MAJOR >= 6
#define CNC_DIRECT_SCROLL 1
#else
#define CNC_DIRECT_SCROLL 0
#endif

/* 1 when the direct scroll was compiled in (see CNC_DIRECT_SCROLL). */
static inline int cnc_direct_scroll_compiled(void) { return CNC_DIRECT_SCROLL; }

/* The running library's version, e.g. "ncurses 6.4.20221231" (the header's when curses_version() is a macro). */
static inline const char *cnc_curses_version(void) { return curses_version(); }

#if CNC_DIRECT_SCROLL
/* The function ncurses itself hands to tputs_sp to add bytes to a screen's output buffer (sent at the
 * next doupdate, in order with the rest of the frame). It is exported by every ncurses built with
 * screen-pointer functions (5.8 on) but declared in no public header, so it is looked up at run time,
 * in the library that holds tputs_sp (libtinfo or libncursesw): not with RTLD_DEFAULT, which could find
 * another copy of ncurses loaded in the process. Without it (a static or hidden ncurses) the scroll is
 * left to ncurses. putp would not do: it writes to standard output at once. */
typedef int (*cnc_output_function)(SCREEN *, int);
/* glibc's Dl_info and dladdr are declared only with _GNU_SOURCE, which this header cannot set (the system
 * headers are read before it); the same layout and symbol under this header's own names. */
typedef struct {
    const char *dli_fname;
    void *dli_fbase;
    const char *dli_sname;
    void *dli_saddr;
} cnc_dl_info;
extern int cnc_dladdr(const void *address, cnc_dl_info *info) __asm__("dladdr");
static inline cnc_output_function cnc_screen_output(void) {
    static cnc_output_function found = NULL;
    static int looked = 0;
    if (!looked) {
        looked = 1;
        cnc_dl_info info;
        memset(&info, 0, sizeof info);
        if (cnc_dladdr((void *)&tputs_sp, &info) != 0 && info.dli_fname != NULL) {
            /* Only a library already loaded (RTLD_NOLOAD); the handle is kept, so the pointer stays valid. */
            void *library = dlopen(info.dli_fname, RTLD_NOLOAD | RTLD_LAZY);
            if (library != NULL && dlsym(library, "tputs_sp") == (void *)&tputs_sp) {
                found = (cnc_output_function)dlsym(library, "_nc_outch_sp");
            }
        }
    }
    return found;
}

/* 1 when the terminal can scroll a region of rows up and down by itself (what cnc_scroll_terminal sends). */
static inline int cnc_can_scroll_terminal(void) {
    return cnc_screen_output() != NULL && cnc_valid_cap(cursor_address) && cnc_valid_cap(change_scroll_region)
        && (cnc_valid_cap(scroll_forward) || cnc_valid_cap(parm_index))
        && (cnc_valid_cap(scroll_reverse) || cnc_valid_cap(parm_rindex));
}

/* Moves the cursor from (fromRow, fromCol), or from where it is not known (fromRow < 0), to (row, col),
 * into the output buffer: a carriage return and a row address when those do, else an absolute address.
 * (Not mvcur: it writes through the output stream's stdio buffer, which is sent after ncurses' own.) */
static inline void cnc_move_cursor(SCREEN *sp, int fromRow, int fromCol, int row, int col, cnc_output_function out) {
    if (fromRow == row && fromCol == col) return;
    if (fromRow >= 0 && fromCol >= 0 && col == 0 && cnc_valid_cap(carriage_return) && cnc_valid_cap(row_address)) {
        if (fromCol != 0) tputs_sp(sp, carriage_return, 1, out);
        if (fromRow != row) tputs_sp(sp, tiparm(row_address, row), 1, out);
        return;
    }
    tputs_sp(sp, tiparm(cursor_address, row, col), 1, out);
}

/* Sends `count` of an operation: the parameterised capability when there is one (and count > 1 or no
 * single one), else the single one `count` times. */
static inline void cnc_repeat(SCREEN *sp, const char *one, const char *many, int count, cnc_output_function out) {
    if (cnc_valid_cap(many) && (count > 1 || !cnc_valid_cap(one))) {
        tputs_sp(sp, tiparm(many, count), count, out);
    } else {
        for (int i = 0; i < count; i++) tputs_sp(sp, one, 1, out);
    }
}

/* Scrolls rows top...bot of the terminal by n (up when n > 0) with the terminal's own scrolling, into
 * the output buffer of `sp` (sent with the next doupdate), and leaves the cursor where it was, so ncurses'
 * idea of where the cursor is stays true: at (row, col) when the caller knows it is there (it is then
 * moved back there), else (row < 0) saved and restored with the terminal's save_cursor/restore_cursor.
 * Attributes must be normal (they are between two doupdates), so the rows that come in are blank.
 *
 * As ncurses' own scrolling does: the whole screen scrolls with index/reverse index at its edge; a part of
 * it with delete/insert line when the terminal has them (fewer bytes than a scrolling region, and no
 * cursor left at an undefined place), else inside a scrolling region (change_scroll_region).
 * Returns -1 (nothing sent) when the terminal cannot. The caller brings curscr, newscr and its window
 * along (CursesScreen+Scrolling). */
static inline int cnc_scroll_terminal(SCREEN *sp, int n, int top, int bot, int row, int col) {
    if (n == 0 || top < 0 || bot >= LINES || top >= bot || !cnc_can_scroll_terminal()) return -1;
    int count = n > 0 ? n : -n;
    if (count > bot - top) return -1;
    int known = row >= 0 && col >= 0;
    if (!known && !(cnc_valid_cap(save_cursor) && cnc_valid_cap(restore_cursor))) return -1;
    cnc_output_function out = cnc_screen_output();
    int whole = top == 0 && bot == LINES - 1;
    int line_ops = (cnc_valid_cap(delete_line) || cnc_valid_cap(parm_delete_line))
        && (cnc_valid_cap(insert_line) || cnc_valid_cap(parm_insert_line));
    int from = known ? row : -1, fromCol = known ? col : -1;
    if (!known) tputs_sp(sp, save_cursor, 1, out);
    if (whole || !line_ops) {
        int edge = n > 0 ? bot : top;
        if (!whole) {
            tputs_sp(sp, tiparm(change_scroll_region, top, bot), 1, out);
            from = -1;  /* the cursor is anywhere after a scrolling region is set */
        }
        cnc_move_cursor(sp, from, fromCol, edge, 0, out);
        if (n > 0) cnc_repeat(sp, scroll_forward, parm_index, count, out);
        else cnc_repeat(sp, scroll_reverse, parm_rindex, count, out);
        if (!whole) {
            tputs_sp(sp, tiparm(change_scroll_region, 0, LINES - 1), 1, out);
            from = -1;
        } else {
            from = edge;
        }
        fromCol = 0;
    } else {
        /* Up: delete at the top, insert above what lies below the region; down: the other way round.
         * Rows that reach the screen's bottom need no insert (up) or delete (down). */
        int removeAt = n > 0 ? top : bot - count + 1;
        int insertAt = n > 0 ? bot - count + 1 : top;
        int reachesBottom = bot == LINES - 1;
        if (n > 0 || !reachesBottom) {
            cnc_move_cursor(sp, from, fromCol, removeAt, 0, out);
            cnc_repeat(sp, delete_line, parm_delete_line, count, out);
            from = removeAt;
            fromCol = 0;
        }
        if (n < 0 || !reachesBottom) {
            cnc_move_cursor(sp, from, fromCol, insertAt, 0, out);
            cnc_repeat(sp, insert_line, parm_insert_line, count, out);
            from = insertAt;
            fromCol = 0;
        }
    }
    if (!known) {
        tputs_sp(sp, restore_cursor, 1, out);
    } else {
        cnc_move_cursor(sp, from, fromCol, row, col, out);
    }
    return 0;
}

#else
/* Without screen-pointer functions the terminal is never scrolled directly: ncurses finds the scroll. */
static inline int cnc_can_scroll_terminal(void) { return 0; }
static inline int cnc_scroll_terminal(SCREEN *sp, int n, int top, int bottom, int row, int col) {
    (void)sp; (void)n; (void)top; (void)bottom; (void)row; (void)col;
    return -1;
}
#endif /* CNC_DIRECT_SCROLL */

#endif
