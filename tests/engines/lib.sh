# Shared by the scripted test engines: just enough UCI to play legal moves of
# cfour and tictactoe. An engine script sets NAME, may define on_go (called
# with the number of the engine's move in this game, from 1), may set RECORD
# to a file that gets every line the engine is sent, sources this file and
# calls uci_loop.

letters=abcdefghi
variant=cfour
width=7
height=6
declare -A occupied

set_variant() {
    case "$1" in
        tictactoe) variant=tictactoe; width=3; height=3 ;;
        *) variant=cfour; width=7; height=6 ;;
    esac
}

# Reads the words after `position`: `startpos` or `fen <fields...>`, then
# optionally `moves m1 m2 ...` (drops such as P@d3).
load_position() {
    occupied=()
    local words=("$@") i
    if [[ ${words[0]} == fen ]]; then
        local board=${words[1]%%[*} rank c k r file
        IFS=/ read -ra ranks <<< "$board"
        height=${#ranks[@]}
        for ((r = 0; r < height; r++)); do
            rank=${ranks[r]}
            file=0
            for ((k = 0; k < ${#rank}; k++)); do
                c=${rank:k:1}
                if [[ $c == [0-9] ]]; then
                    file=$((file + c))
                else
                    occupied[$file,$((height - 1 - r))]=1
                    file=$((file + 1))
                fi
            done
            width=$file
        done
        i=2
    else
        set_variant "$variant"
        i=1
    fi
    while ((i < ${#words[@]})) && [[ ${words[i]} != moves ]]; do i=$((i + 1)); done
    for ((i = i + 1; i < ${#words[@]}; i++)); do
        local square=${words[i]#*@}
        local f=${square:0:1}
        f=${letters%%"$f"*}
        occupied[${#f},$((${square:1} - 1))]=1
    done
}

# Prints a legal drop: the lowest free square of the most central column with
# room (cfour), or the most central free square (tictactoe).
legal_move() {
    local f r
    local -a files=(3 2 4 1 5 0 6 7 8)
    if [[ $variant == tictactoe ]]; then
        for square in 1,1 0,0 2,0 0,2 2,2 1,0 0,1 2,1 1,2; do
            if [[ -z ${occupied[$square]} ]]; then
                echo "P@${letters:${square%,*}:1}$((${square#*,} + 1))"
                return
            fi
        done
        return
    fi
    for f in "${files[@]}"; do
        ((f < width)) || continue
        for ((r = 0; r < height; r++)); do
            if [[ -z ${occupied[$f,$r]} ]]; then
                echo "P@${letters:f:1}$((r + 1))"
                return
            fi
        done
    done
}

on_go() {
    echo "info depth 1 score cp 0 time 0 pv $(legal_move)"
    echo "bestmove $(legal_move)"
}

uci_loop() {
    local moves_in_game=0 line
    while IFS= read -r line; do
        if [[ -n $RECORD ]]; then echo "$line" >> "$RECORD"; fi
        case "$line" in
            uci)
                echo "id name $NAME"
                echo "id author the inarow tests"
                echo "option name UCI_Variant type combo default cfour var cfour var tictactoe"
                echo "uciok" ;;
            "setoption name UCI_Variant value "*) set_variant "${line##* }" ;;
            isready) echo "readyok" ;;
            ucinewgame) moves_in_game=0 ;;
            "position "*)
                read -ra words <<< "${line#position }"
                load_position "${words[@]}" ;;
            go*)
                moves_in_game=$((moves_in_game + 1))
                on_go "$moves_in_game" ;;
            quit) exit 0 ;;
        esac
    done
}
