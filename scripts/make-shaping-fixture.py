#!/usr/bin/env python3
"""Writes Tests/GlasspaneTextTests/Fixtures/hb-shape-corpus.json: the shaping corpus and what `hb-shape` (Debian
libharfbuzz-bin) makes of it, the oracle ShapingCorpusTests compares GlasspaneText with.

Run from the repository root: python3 scripts/make-shaping-fixture.py
Each entry is a string made of segments; each segment is one run as GlasspaneText should itemize it (font, direction,
ISO 15924 script) and is shaped alone with:
  LC_ALL=C.UTF-8 hb-shape --output-format=json --no-glyph-names --direction=D --script=S FONT TEXT
(at the font's units per em, HarfBuzz's own OpenType functions: hb-shape's defaults).
"""
import json
import os
import subprocess

NOTO = "/usr/share/fonts/truetype/noto/"
FONTS = {
    "dejavu": "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "arabic": NOTO + "NotoSansArabic-Regular.ttf",
    "hebrew": NOTO + "NotoSansHebrew-Regular.ttf",
    "devanagari": NOTO + "NotoSansDevanagari-Regular.ttf",
    "thai": NOTO + "NotoSansThai-Regular.ttf",
    "cjk": "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "emoji": NOTO + "NotoColorEmoji.ttf",
}

def one(font, direction, script, texts):
    return [[(font, direction, script, t)] for t in texts]

LATIN = ["office", "fi fl ffi ffl", "affluent official", "The quick brown fox jumps over the lazy dog",
         "AVATAR WAVE Type", "Tomorrow, 10:45 a.m.", "naïve café", "Zürich Straße", "e\u0301cole a\u0300 l\u2019e\u0301te\u0301",
         "q\u0323\u0307 o\u0308\u0304", "Ångström", "«Bonjour» — dit‑il", "float fjord fiddle", "x 1234567890", "(x + y) = z",
         "Привет, мир", "Καλημέρα κόσμε", "Ελληνικά και Latin", "A\u030A B\u0327", "ǅemal ǈubljana", "fix ffix suffix",
         "WAVY AWAY", "Tj Ty Yo", "done; finish!", "www.example.org/path?q=1", "x\u0336y\u0336", "ŁÓDŹ", "ﬁ ﬂ",
         "Hello", "Ay, Vaya, Tavern"]
ARABIC = ["سلام", "مرحبا بالعالم", "السلام عليكم", "العربية", "كتاب", "لا إله", "مُحَمَّد", "بِسْمِ ٱللَّهِ",
          "ﻻ", "اللغة العربية جميلة", "شكرا جزيلا", "في البيت", "مستشفى", "قصة قصيرة", "يوم الجمعة",
          "تطبيق", "عين", "بـــت", "هذا نص", "لم يكن", "فيلم", "عربي", "ضحك", "ظل", "غدا"]
HEBREW = ["שלום", "שָׁלוֹם", "עברית", "בְּרֵאשִׁית בָּרָא", "ספר", "ירושלים", "תּוֹרָה", "מה שלומך", "אָבִיב",
          "חג שמח", "הַלְלוּיָהּ", "קוראים", "שַׁבָּת", "ילד", "זמן"]
DEVANAGARI = ["नमस्ते", "हिन्दी", "क्षत्रिय", "श्री", "द्वार", "कृष्ण", "प्रेम", "स्त्री", "अर्ध", "संस्कृतम्",
              "रात्रि", "ज्ञान", "त्र्य", "दिल्ली", "भारत"]
THAI = ["สวัสดี", "ภาษาไทย", "ขอบคุณครับ", "น้ำ", "กรุงเทพมหานคร", "ที่นี่", "ผู้ใหญ่", "เด็กๆ", "ไม่เป็นไร", "ปั้น",
        "ฉันรักเธอ", "สิ่งที่", "เกี๊ยว", "ก็", "ซื้อ"]
CJK = ["你好世界", "日本語", "漢字", "中文字体", "東京", "北京", "学习", "今日は", "ありがとう", "カタカナ", "ひらがな",
       "한국어", "안녕하세요", "서울", "龍", "鬱", "愛", "你好，世界。", "「こんにちは」", "一二三"]
EMOJI = ["😀", "👍🏽", "👨‍👩‍👧", "🏳️‍🌈", "🇫🇷", "🇯🇵🇺🇸", "❤️", "👩🏾‍💻", "🧑‍🚀", "😂😂", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "🙏🏻",
         "🐱", "🎉🎂", "👋🏿", "🤷‍♀️", "🚀", "🌍"]

ENTRIES = (one("dejavu", "ltr", "Latn", LATIN[:15]) + one("dejavu", "ltr", "Cyrl", [LATIN[15]]) +
           one("dejavu", "ltr", "Grek", LATIN[16:17]) + one("dejavu", "ltr", "Latn", LATIN[18:])
           + one("arabic", "rtl", "Arab", ARABIC) + one("hebrew", "rtl", "Hebr", HEBREW)
           + one("devanagari", "ltr", "Deva", DEVANAGARI) + one("thai", "ltr", "Thai", THAI)
           + one("cjk", "ltr", "Hani", CJK[:8] + ["龍", "鬱", "愛", "一二三"]) + one("cjk", "ltr", "Hira", ["ありがとう", "ひらがな"])
           + one("cjk", "ltr", "Kana", ["カタカナ"]) + one("cjk", "ltr", "Hang", ["한국어", "안녕하세요", "서울"])
           + one("emoji", "ltr", "Zyyy", EMOJI) + one("dejavu", "ltr", "Zyyy", ["1234567890"]))

MIXED = [
    [("dejavu", "ltr", "Latn", "Hello "), ("hebrew", "rtl", "Hebr", "שלום"), ("dejavu", "ltr", "Latn", " world")],
    [("dejavu", "ltr", "Latn", "The word "), ("arabic", "rtl", "Arab", "كتاب"), ("dejavu", "ltr", "Latn", " means book")],
    [("arabic", "rtl", "Arab", "مرحبا "), ("dejavu", "ltr", "Latn", "Glasspane"), ("arabic", "rtl", "Arab", " اليوم")],
    [("hebrew", "rtl", "Hebr", "גרסה "), ("dejavu", "ltr", "Hebr", "2.0"), ("hebrew", "rtl", "Hebr", " חדשה")],
    [("dejavu", "ltr", "Latn", "Score: "), ("cjk", "ltr", "Hani", "満点 "), ("dejavu", "ltr", "Latn", "ok")],
    [("dejavu", "ltr", "Latn", "Party "), ("emoji", "ltr", "Latn", "🎉"), ("dejavu", "ltr", "Latn", " time")],
    [("devanagari", "ltr", "Deva", "नमस्ते "), ("dejavu", "ltr", "Latn", "friend")],
    [("thai", "ltr", "Thai", "สวัสดี "), ("dejavu", "ltr", "Latn", "Bangkok")],
    [("dejavu", "ltr", "Latn", "In Hebrew: "), ("hebrew", "rtl", "Hebr", "שָׁלוֹם עֲלֵיכֶם")],
    [("arabic", "rtl", "Arab", "العدد "), ("arabic", "ltr", "Arab", "42"), ("arabic", "rtl", "Arab", " كبير")],
    [("dejavu", "ltr", "Latn", "abc "), ("hebrew", "rtl", "Hebr", "אבג"), ("dejavu", "ltr", "Latn", " def "), ("arabic", "rtl", "Arab", "ابت")],
    [("cjk", "ltr", "Hira", "こんにちは "), ("dejavu", "ltr", "Latn", "Tokyo")],
    [("dejavu", "ltr", "Latn", "office "), ("arabic", "rtl", "Arab", "مكتب")],
    [("dejavu", "rtl", "Zyyy", "ـ")],
    [("hebrew", "rtl", "Hebr", "שלום "), ("emoji", "rtl", "Hebr", "👋")],
    [("dejavu", "ltr", "Latn", "Flags "), ("emoji", "ltr", "Latn", "🇫🇷🇩🇪")],
    [("cjk", "ltr", "Hang", "한국어 "), ("dejavu", "ltr", "Latn", "and "), ("devanagari", "ltr", "Deva", "हिन्दी")],
]

def shape(font, direction, script, text):
    out = subprocess.run(["hb-shape", "--output-format=json", "--no-glyph-names", f"--direction={direction}",
                          f"--script={script}", FONTS[font], text],
                         env={**os.environ, "LC_ALL": "C.UTF-8"}, capture_output=True, text=True, check=True).stdout
    return [[g["g"], g["cl"], g["ax"], g["dx"], g["dy"]] for g in json.loads(out)]

entries = []
for segments in ENTRIES + MIXED:
    entries.append({"segments": [{"font": FONTS[f], "direction": d, "script": s, "text": t, "glyphs": shape(f, d, s, t)}
                                 for (f, d, s, t) in segments]})
version = subprocess.run(["hb-shape", "--version"], capture_output=True, text=True).stdout.splitlines()[0]
path = "Tests/GlasspaneTextTests/Fixtures/hb-shape-corpus.json"
with open(path, "w", encoding="utf-8") as f:
    json.dump({"generator": "scripts/make-shaping-fixture.py", "hbShape": version,
               "glyphFields": ["id", "cluster", "xAdvance", "xOffset", "yOffset"], "entries": entries},
              f, ensure_ascii=False, indent=0)
print(f"{path}: {len(entries)} strings, {sum(len(e['segments']) for e in entries)} runs ({version})")
