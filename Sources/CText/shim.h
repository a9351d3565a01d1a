// Text libraries for GlasspaneText: HarfBuzz (shaping), FriBidi (UAX #9), FreeType.
// The module's pkg-config is freetype2 (its include path is what ft2build.h needs); the others are included by
// their subdirectory. FriBidi's type constants are macros Swift cannot import, so they come back as functions.
#include <ft2build.h>
#include FT_FREETYPE_H
#include <harfbuzz/hb.h>
#include <harfbuzz/hb-ot.h>
#include <fribidi/fribidi.h>
#include <stdbool.h>

static inline FriBidiParType glasspane_fribidi_par_ltr(void) { return FRIBIDI_PAR_LTR; }
static inline FriBidiParType glasspane_fribidi_par_rtl(void) { return FRIBIDI_PAR_RTL; }
static inline FriBidiParType glasspane_fribidi_par_on(void) { return FRIBIDI_PAR_ON; }
static inline FriBidiParType glasspane_fribidi_par_wrtl(void) { return FRIBIDI_PAR_WRTL; }
// Rule L1: whitespace, explicit embeddings and boundary neutrals at a line's end return to the paragraph level.
static inline bool fribidi_char_type_is_whitespace(FriBidiCharType type) { return FRIBIDI_IS_EXPLICIT_OR_BN_OR_WS(type) != 0; }
