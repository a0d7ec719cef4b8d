# relay.sh: the proxy part shared by the test engines (broken.sh, clock.sh), sourced (not run)
# once they have started the real engine as `coproc ENG { PROGRAM ARGS; }`: lines for it go to
# ${ENG[1]}, its lines come back on ${ENG[0]}.

# Forwards the engine's lines up to and including the first that starts with $1; exits 4 when
# its output ends first.
relay() {
    local l
    while IFS= read -r l <&"${ENG[0]}"; do
        echo "$l"
        case $l in "$1"*) return 0 ;; esac
    done
    exit 4
}

# Passes a line from the runner, one the proxy does not change, to the engine: uci and isready
# with its answer up to uciok or readyok, quit (then the proxy ends too), any other line alone.
relay_line() {
    case $1 in
    uci)
        echo uci >&"${ENG[1]}"
        relay uciok
        ;;
    isready)
        echo isready >&"${ENG[1]}"
        relay readyok
        ;;
    quit)
        echo quit >&"${ENG[1]}"
        exit 0
        ;;
    *) echo "$1" >&"${ENG[1]}" ;;
    esac
}
