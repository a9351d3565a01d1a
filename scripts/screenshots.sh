#!/usr/bin/env bash
# Screenshots of the demo's screens in both themes, for the README: replays a generated tour headless (the same
# frames every run, so the images never go stale) and writes docs/images/<screen>-<theme>.png.
# Usage: scripts/screenshots.sh [glasspane binary] (default .build/debug/glasspane; build it first).
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${1:-.build/debug/glasspane}"
out=docs/images
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for theme in dark light; do
    script="$tmp/tour-$theme.jsonl"
    # Light: open Options, pick Light, close, before the tour (the tour's frames shift by 100).
    start=0
    {
        echo '{"format":"glasspane-script","version":1,"window":{"width":1280,"height":720,"scale":1},"step_hz":120,"options":{"route":"menu"}}'
        if [ "$theme" = light ]; then
            echo '{"frame":20,"click":"menu.options"}'
            echo '{"frame":70,"click":{"view":"options.theme","at":[0.75,0.5]}}'
            echo '{"frame":71,"expect":{"view":"options.theme","property":"value","equals":"Light"}}'
            echo '{"frame":72,"click":"options.back"}'
            start=100
        fi
        echo "{\"frame\":$((start + 61)),\"click\":\"menu.options\"}"
        echo "{\"frame\":$((start + 121)),\"click\":\"options.back\"}"
        echo "{\"frame\":$((start + 180)),\"click\":\"menu.newgame\"}"
        echo "{\"frame\":$((start + 241)),\"key\":\"escape\"}"
        echo "{\"frame\":$((start + 300)),\"click\":\"menu.sign\"}"
        echo "{\"frame\":$((start + 340)),\"drag\":{\"from\":{\"view\":\"sign.pad\",\"at\":[0.15,0.6]},\"to\":{\"view\":\"sign.pad\",\"at\":[0.85,0.35]},\"frames\":12}}"
        echo "{\"frame\":$((start + 361)),\"key\":\"escape\"}"
        # The pen menu open on its Ink submenu, then the Import tab showing Examples/Images/signature.png.
        echo "{\"frame\":$((start + 400)),\"click\":\"menu.sign\"}"
        echo "{\"frame\":$((start + 440)),\"click\":\"sign.tools\"}"
        echo "{\"frame\":$((start + 441)),\"key\":\"down\"}"
        echo "{\"frame\":$((start + 442)),\"key\":\"right\"}"
        echo "{\"frame\":$((start + 443)),\"key\":\"down\"}"
        echo "{\"frame\":$((start + 461)),\"key\":\"escape\"}"
        echo "{\"frame\":$((start + 462)),\"key\":\"escape\"}"
        echo "{\"frame\":$((start + 470)),\"click\":{\"view\":\"sign.tabs.bar\",\"at\":[0.85,0.5]}}"
        echo "{\"frame\":$((start + 480)),\"click\":\"sign.import.path\"}"
        echo "{\"frame\":$((start + 481)),\"type_text\":\"Examples/Images/signature.png\"}"
        echo "{\"frame\":$((start + 482)),\"key\":\"enter\"}"
        echo "{\"frame\":$((start + 501)),\"expect\":{\"view\":\"sign.import.image\",\"property\":\"state\",\"equals\":\"loaded\"}}"
        # The Type tab: a name, and the font list open over its preview (shot after its 0.2 s fade-in).
        echo "{\"frame\":$((start + 510)),\"click\":{\"view\":\"sign.tabs.bar\",\"at\":[0.5,0.5]}}"
        echo "{\"frame\":$((start + 512)),\"type_text\":\"Ada Lovelace\"}"
        echo "{\"frame\":$((start + 514)),\"click\":\"sign.font\"}"
        echo "{\"frame\":$((start + 521)),\"expect\":{\"view\":\"sign.type.preview\",\"property\":\"state\",\"equals\":\"loaded\"}}"
        # A click beside the font list closes it, Cancel the sheet; then the App icon screen, Green chosen from the
        # keyboard (Tab, Right, Right, Enter), so the focus ring shows on it.
        echo "{\"frame\":$((start + 540)),\"click\":\"sign.cancel\"}"
        echo "{\"frame\":$((start + 560)),\"click\":\"sign.cancel\"}"
        echo "{\"frame\":$((start + 620)),\"expect\":{\"view\":\"menu.appicon\",\"property\":\"shown\",\"equals\":\"true\"}}"
        echo "{\"frame\":$((start + 621)),\"click\":\"menu.appicon\"}"
        echo "{\"frame\":$((start + 680)),\"key\":\"tab\"}"
        echo "{\"frame\":$((start + 682)),\"key\":\"right\"}"
        echo "{\"frame\":$((start + 684)),\"key\":\"right\"}"
        echo "{\"frame\":$((start + 686)),\"key\":\"enter\"}"
        echo "{\"frame\":$((start + 720)),\"expect\":{\"view\":\"appicon.status\",\"property\":\"text\",\"equals\":\"Window icon: Green\"}}"
    } > "$script"
    SDL_VIDEODRIVER=offscreen "$bin" replay "$script" --headless \
        --screenshot-at "$((start + 60)):$out/menu-$theme.png" \
        --screenshot-at "$((start + 120)):$out/options-$theme.png" \
        --screenshot-at "$((start + 240)):$out/new-game-$theme.png" \
        --screenshot-at "$((start + 360)):$out/sign-$theme.png" \
        --screenshot-at "$((start + 460)):$out/sign-menu-$theme.png" \
        --screenshot-at "$((start + 500)):$out/sign-import-$theme.png" \
        --screenshot-at "$((start + 539)):$out/sign-type-$theme.png" \
        --screenshot-at "$((start + 720)):$out/app-icon-$theme.png"
done
