#compdef gatherctl

__gatherctl_complete() {
    local -ar non_empty_completions=("${@:#(|:*)}")
    local -ar empty_completions=("${(M)@:#(|:*)}")
    _describe -V '' non_empty_completions -- empty_completions -P $'\'\''
}

__gatherctl_custom_complete() {
    local -a completions
    completions=("${(@f)"$("${command_name}" "${@}" "${command_line[@]}")"}")
    if [[ "${#completions[@]}" -gt 1 ]]; then
        __gatherctl_complete "${completions[@]:0:-1}"
    fi
}

__gatherctl_cursor_index_in_current_word() {
    if [[ -z "${QIPREFIX}${IPREFIX}${PREFIX}" ]]; then
        printf 0
    else
        printf %s "${#${(z)LBUFFER}[-1]}"
    fi
}

_gatherctl() {
    emulate -RL zsh -G
    setopt extendedglob nullglob numericglobsort
    unsetopt aliases banghist

    local -xr SAP_SHELL=zsh
    local -x SAP_SHELL_VERSION
    SAP_SHELL_VERSION="$(builtin emulate zsh -c 'printf %s "${ZSH_VERSION}"')"
    local -r SAP_SHELL_VERSION

    local context state state_descr line
    local -A opt_args

    local -r command_name="${words[1]}"
    local -ar command_line=("${words[@]}")
    local -ir current_word_index="$((CURRENT - 1))"

    local -i ret=1
    local -ar arg_specs=(
        '--socket[gatherd'\''s socket (default\: GATHERD_SOCKET, then the daemon'\''s default).]:path:'
        '--json[Print exactly the daemon'\''s result as JSON (watch\: one JSON object per line).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'players:List, add, show, edit, confirm, merge and remove players.'
            'gather:Start, inspect, change and end gathers; browse history.'
            'timer:Set, start, pause, resume, toggle, reset and show the match clock; add time, end the half.'
            'score:Score goals, undo the last one, correct or show the score.'
            'status:Show the daemon and the match.'
            'ping:Check that gatherd answers.'
            'discover:Print gatherd'\''s OpenRPC description of every method (JSON).'
            'call:Call any method with raw JSON params and print the raw result.'
            'watch:Print one line per change of the match, for status bars.'
            'stats:Show player stats over ended gathers.'
            'web:The pitch-side scoreboard page (gatherd --http).'
            'plan:Plan coming gathers: who is going, who waits, and the sign-up link.'
            'export:Export the roster, every ended gather (lineups and goals) and every plan, as JSON or CSV.'
            'import:Add the players of a CSV file to the roster: all of them, or none.'
            'backup:Copy gatherd'\''s database to FILE, consistently, while gatherd runs on (runs gatherd backup).'
            'restore:Replace gatherd'\''s database with FILE, a backup, while gatherd is stopped (runs gatherd restore).'
            'fees:Who owes what for the pitch, across gathers; mark payments.'
            'help:Show subcommand help information.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        players|gather|timer|score|status|ping|discover|call|watch|stats|web|plan|export|import|backup|restore|fees|help)
            "_gatherctl_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_gatherctl_players() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'add:Add a player to the roster.'
            'list:List the roster.'
            'show:Show one player.'
            'edit:Change a player'\''s details.'
            'rm:Remove a player from the roster.'
            'confirm:Confirm players who are new: names typed on a sign-up link, marked new until you know them.'
            'regular:Mark players regulars (a guest or a new name included: they are confirmed too).'
            'merge:Make two players one: a friend on the roster twice (a name from a sign-up link, say); asks first.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        add|list|show|edit|rm|confirm|regular|merge)
            "_gatherctl_players_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_gatherctl_players_add() {
    local -i ret=1
    local -ar arg_specs=(
        ':name:'
        '--age[Age in years, 1 to 120.]:age:'
        '--position[goalkeeper, defender, midfielder, winger or striker (or GK, DEF, MID, W, ST).]:position:'
        '--skill[beginner, amateur or professional.]:skill:'
        '--team[Favourite team.]:team:'
        '--allow-duplicate[Add the player even if one of that name is already on the roster.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_players_list() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_players_show() {
    local -i ret=1
    local -ar arg_specs=(
        ':player:'
        '--name[Read the players given as names, even a name of digits (e.g. a player named 7).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_players_edit() {
    local -i ret=1
    local -ar arg_specs=(
        ':player:'
        '--name[A new name.]:name:'
        '--age[Age in years, 1 to 120.]:age:'
        '--position[goalkeeper, defender, midfielder, winger or striker (or GK, DEF, MID, W, ST).]:position:'
        '--skill[beginner, amateur or professional.]:skill:'
        '--team[Favourite team.]:team:'
        '--regular[Mark the player a regular, or not\: regulars may join a weekly game'\''s plans first (plan schedule).]'
        '--no-regular[Mark the player a regular, or not\: regulars may join a weekly game'\''s plans first (plan schedule).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_players_rm() {
    local -i ret=1
    local -ar arg_specs=(
        ':player:'
        '--name[Read the players given as names, even a name of digits (e.g. a player named 7).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_players_confirm() {
    local -i ret=1
    local -ar arg_specs=(
        '*:players:'
        '--all[Confirm every player marked new.]'
        '--name[Read the players given as names, even a name of digits (e.g. a player named 7).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_players_regular() {
    local -i ret=1
    local -ar arg_specs=(
        '*:players:'
        '--name[Read the players given as names, even a name of digits (e.g. a player named 7).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_players_merge() {
    local -i ret=1
    local -ar arg_specs=(
        ':from:'
        ':into:'
        '--yes[Merge without asking.]'
        '--name[Read the players given as names, even a name of digits (e.g. a player named 7).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_gather() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'start:Start a gather.'
            'suggest:Suggest two fair teams from these players (changes nothing).'
            'status:Show the active gather.'
            'move:Move a player to a team, or add a roster player.'
            'rename:Rename the teams of the active gather.'
            'end:End the gather and record its result.'
            'cancel:Cancel the gather; it keeps no result.'
            'history:List ended gathers, newest first.'
            'show:Show an ended gather.'
            'report:Print an ended gather'\''s result as a message to share: score, scorers, man of the match, the next plan.'
            'vote:Show an ended gather'\''s man-of-the-match vote: who may still vote, or who won.'
            'vote-link:Print an ended gather'\''s man-of-the-match vote link for the group chat.'
            'reopen:Play the last ended gather again, within 30 minutes of its end (for "end" pressed too soon).'
            'delete:Delete an ended gather from history (a test game, one entered twice); asks first.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        start|suggest|status|move|rename|end|cancel|history|show|report|vote|vote-link|reopen|delete)
            "_gatherctl_gather_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_gatherctl_gather_start() {
    local -i ret=1
    local -ar arg_specs=(
        '--team-a[Team A'\''s players, ids or names\: 1,2,3 or Ana,Bruno.]:team-a:'
        '--team-b[Team B'\''s players, ids or names.]:team-b:'
        '--bench[The bench'\''s players, ids or names.]:bench:'
        '--duration[The match clock of each period, mm\:ss or seconds (default 10\:00).]:duration:'
        '--periods[Periods, 1 to 4 (default 1).]:periods:'
        '--break[The break between periods, mm\:ss or seconds (default none).]:break:'
        '--balanced[Let gatherd split --players into two fair teams (gather suggest), then start.]'
        '--players[With --balanced\: the players to split, ids or names, e.g. 1,2,3,4.]:players:'
        '--seed[With --balanced\: the seed that picks among equally fair splits.]:seed:'
        '--team-a-name[What Team A is called, 1 to 24 characters, e.g. Bibs (default Team A).]:name:'
        '--team-b-name[What Team B is called, e.g. Colours (default Team B).]:name:'
        '--name[Read the players given as names, even a name of digits (e.g. a player named 7).]'
        '--plan[Start from this plan\: those checked in, else the going players, in fair teams (gather suggest --plan ID shows them first).]:id:'
        '--force[With --plan\: start it even more than 12 hours before the plan'\''s start.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_gather_suggest() {
    local -i ret=1
    local -ar arg_specs=(
        ':players:'
        '--plan[Split this plan'\''s players instead\: those checked in, else the going ones, as gather start --plan would.]:id:'
        '--bench[Players to leave on the bench, ids or names.]:bench:'
        '--seed[Ask again with another seed for another split that is just as fair.]:seed:'
        '--by[Balance by rating (learned from results, the default) or skill (the players'\'' declared levels).]:rating|skill:'
        '--alternatives[Also show the next N fairest splits that really differ (1 to 5).]:n:'
        '--name[Read the players given as names, even a name of digits (e.g. a player named 7).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_gather_status() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_gather_move() {
    local -i ret=1
    local -ar arg_specs=(
        ':player:'
        ':team:'
        '--name[Read the players given as names, even a name of digits (e.g. a player named 7).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_gather_rename() {
    local -i ret=1
    local -ar arg_specs=(
        '*:side name:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_gather_end() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_gather_cancel() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_gather_history() {
    local -i ret=1
    local -ar arg_specs=(
        '--limit[How many, 1 to 100 (default 20).]:limit:'
        '--before[Only gathers older than this id (for the next page).]:before:'
        '--player[Only the gathers of this player\: an id or a name.]:player:'
        '--name[Read the players given as names, even a name of digits (e.g. a player named 7).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_gather_show() {
    local -i ret=1
    local -ar arg_specs=(
        ':id:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_gather_report() {
    local -i ret=1
    local -ar arg_specs=(
        ':id:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_gather_vote() {
    local -i ret=1
    local -ar arg_specs=(
        ':id:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_gather_vote-link() {
    local -i ret=1
    local -ar arg_specs=(
        ':id:'
        '--qr[Also draw the link as a QR code, for a phone'\''s camera.]'
        '--all[Print a link for every address of this machine, not only the first.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_gather_reopen() {
    local -i ret=1
    local -ar arg_specs=(
        ':id:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_gather_delete() {
    local -i ret=1
    local -ar arg_specs=(
        ':id:'
        '--yes[Delete it without asking.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_timer() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'set:Set the clock'\''s duration (not while it runs).'
            'start:Start the clock.'
            'pause:Pause the clock.'
            'resume:Resume the clock.'
            'toggle:Start, pause or resume, like a single button.'
            'reset:Stop the clock at its full duration.'
            'status:Show the clock.'
            'format:Set periods, period length and break before kick-off.'
            'add:Add time to the current period: timer add 2:00, or timer add 90 (seconds).'
            'end-half:End the running or paused period now, as if its time ran out.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        set|start|pause|resume|toggle|reset|status|format|add|end-half)
            "_gatherctl_timer_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_gatherctl_timer_set() {
    local -i ret=1
    local -ar arg_specs=(
        ':duration:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_timer_start() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_timer_pause() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_timer_resume() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_timer_toggle() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_timer_reset() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_timer_status() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_timer_format() {
    local -i ret=1
    local -ar arg_specs=(
        '--periods[Periods, 1 to 4.]:periods:'
        '--length[The length of one period, mm\:ss or seconds.]:length:'
        '--break[The break between periods, mm\:ss or seconds.]:break:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_timer_add() {
    local -i ret=1
    local -ar arg_specs=(
        ':time:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_timer_end-half() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_score() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'goal:Score a goal: for the scorer'\''s side, or for a side named a, b or by its name.'
            'undo:Take back the last goal.'
            'set:Set the score outright, e.g. 2-1 (logged).'
            'show:Show the score and the goals.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        goal|undo|set|show)
            "_gatherctl_score_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_gatherctl_score_goal() {
    local -i ret=1
    local -ar arg_specs=(
        ':side|scorer:'
        '--player[The scorer\: a player'\''s id or name.]:player:'
        '--name[Read the players given as names, even a name of digits (e.g. a player named 7).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_score_undo() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_score_set() {
    local -i ret=1
    local -ar arg_specs=(
        ':score:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_score_show() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_status() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_ping() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_discover() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_call() {
    local -i ret=1
    local -ar arg_specs=(
        ':method:'
        ':params:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_watch() {
    local -i ret=1
    local -ar ___format=('plain' 'json' 'waybar' 'i3blocks' 'polybar')
    local -ar arg_specs=(
        '--format[plain, json, waybar, i3blocks or polybar.]:format:{__gatherctl_complete "${___format[@]}"}'
        '--topics[The topics to follow, comma-separated\: tick, score, timer, gather, players.]:topics:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_stats() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'table:Every player'\''s record as a table (the default).'
            'player:One player'\''s record, form, last 10 results and best teammates.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        table|player)
            "_gatherctl_stats_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_gatherctl_stats_table() {
    local -i ret=1
    local -ar arg_specs=(
        '--order[Sort by rating (the RATING shown, highest first), wins, goals, winRate, played or attendance (most plans played, then fewest no-shows, fewest left late, most plans joined; default rating). With attendance, LEFT LATE counts places left within 24 h of the start, and LATE DROP-OUTS those left after the plan'\''s own cut-off (plan.create cutOff, 24 h by default), which strikes and fines count. STRIKES counts late drop-outs and no-shows of the last strike-days (gatherd'\''s setting, 60 by default), "held back" when they reach gatherd'\''s strikes setting\: the player then waits for plans'\'' openings to everyone.]:order:'
        '--since[Only gathers started on or after this UTC date, e.g. 2026-11-01.]:since:'
        '--until[Only gathers started before this UTC date.]:until:'
        '--min-gathers[Only players with at least this many gathers (default 1; 0 with --order attendance), and those with strikes that count now.]:min-gathers:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_stats_player() {
    local -i ret=1
    local -ar arg_specs=(
        ':player:'
        '--name[Read the players given as names, even a name of digits (e.g. a player named 7).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_web() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'link:Print the scoreboard'\''s link to share; --control prints the referee'\''s control link.'
            'token:Make the control token'\''s file for gatherd --http-token-file, if it is missing, and say where it is.'
            'pair:Print a one-time link that makes the phone opening it a controller for good (valid 10 minutes).'
            'devices:List the phones paired as controllers, with when each was last seen.'
            'revoke:End a paired phone'\''s control at once, on its open pages too.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        link|token|pair|devices|revoke)
            "_gatherctl_web_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_gatherctl_web_link() {
    local -i ret=1
    local -ar arg_specs=(
        '--control[Print the control link, which adds the referee'\''s controls; share it like a password.]'
        '--view[Print the view-only link (the default); any peer may ask for it.]'
        '--qr[Also draw each link as a QR code, for a phone'\''s camera.]'
        '--all[Print a link for every address of this machine, not only the first.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_web_token() {
    local -i ret=1
    local -ar arg_specs=(
        '--file[Where the token goes (default\: ~/.config/gatherd/token).]:path:_files'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_web_pair() {
    local -i ret=1
    local -ar arg_specs=(
        '--name[What to call the phone, e.g. "Ana'\''s phone" (else it names itself).]:name:'
        '--qr[Also draw the link as a QR code, for the phone'\''s camera.]'
        '--all[Print the link for every address of this machine, not only the first.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_web_devices() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_web_revoke() {
    local -i ret=1
    local -ar arg_specs=(
        ':device:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_plan() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'list:Show the open plans with their lists.'
            'new:Make a plan: when, how many, and where; or a weekly game'\''s, by hand (--schedule).'
            'show:Show one plan, open or not, with its lists.'
            'join:Say a player is in: going, or waiting past the capacity.'
            'leave:Say a player can'\''t make it; the first waiting player moves up.'
            'accept:Say a waiting player takes the place offered to them: they are going.'
            'decline:Say a waiting player turns down the place offered to them; it goes to the next one waiting.'
            'update:Change a plan'\''s start, capacity, place or note.'
            'link:Print the plan'\''s sign-up link for the group chat.'
            'check-in:On the night: mark who turned up, bring in waiting players and walk-ins, then start fair teams.'
            'cancel:Call a plan off; its sign-up link stops working.'
            'restore:Open a cancelled plan again, with its lists and the same sign-up link, until its start.'
            'schedule:Set up a weekly game, or change one (--schedule ID): each week'\''s plan opens by itself.'
            'schedules:Show the weekly games and the week each opens next.'
            'unschedule:End a weekly game; the plans it opened stay as they are.'
            'calendar:Print the plans'\'' calendar feed'\''s link, to subscribe to in a calendar app.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        list|new|show|join|leave|accept|decline|update|link|check-in|cancel|restore|schedule|schedules|unschedule|calendar)
            "_gatherctl_plan_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_gatherctl_plan_list() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_plan_new() {
    local -i ret=1
    local -ar arg_specs=(
        '*:when:'
        '--capacity[How many may go, 2 to 40; past it, players wait (with --schedule\: the schedule'\''s).]:capacity:'
        '--place[Where (with --schedule\: the schedule'\''s; empty\: none).]:place:'
        '--note[Anything else the group should know (with --schedule\: the schedule'\''s; empty\: none).]:note:'
        '--schedule[The weekly game this is the plan of (gatherctl plan schedules).]:id:'
        '--force[Make it even when another open plan starts at the same time.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_plan_show() {
    local -i ret=1
    local -ar arg_specs=(
        '--plan[The plan'\''s id (default\: the soonest open plan).]:id:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_plan_join() {
    local -i ret=1
    local -ar arg_specs=(
        ':player:'
        '--guest[Add a new player of this name as a guest, who joins.]:guest:'
        '--plan[The plan'\''s id (default\: the soonest open plan).]:id:'
        '--name[Read the players given as names, even a name of digits (e.g. a player named 7).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_plan_leave() {
    local -i ret=1
    local -ar arg_specs=(
        ':player:'
        '--plan[The plan'\''s id (default\: the soonest open plan).]:id:'
        '--name[Read the players given as names, even a name of digits (e.g. a player named 7).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_plan_accept() {
    local -i ret=1
    local -ar arg_specs=(
        ':player:'
        '--plan[The plan'\''s id (default\: the soonest open plan).]:id:'
        '--name[Read the players given as names, even a name of digits (e.g. a player named 7).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_plan_decline() {
    local -i ret=1
    local -ar arg_specs=(
        ':player:'
        '--plan[The plan'\''s id (default\: the soonest open plan).]:id:'
        '--name[Read the players given as names, even a name of digits (e.g. a player named 7).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_plan_update() {
    local -i ret=1
    local -ar arg_specs=(
        '--starts-at[A new start, as plan new takes it\: "2026-12-03 19\:00", "thu 19\:00".]:when:'
        '--capacity[A new capacity, 2 to 40.]:capacity:'
        '--place[A new place (empty\: none).]:place:'
        '--note[A new note (empty\: none).]:note:'
        '--force[Move it even when another open plan starts at that time.]'
        '--plan[The plan'\''s id (default\: the soonest open plan).]:id:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_plan_link() {
    local -i ret=1
    local -ar arg_specs=(
        '--plan[The plan'\''s id (default\: the soonest open plan).]:id:'
        '--qr[Also draw the link as a QR code, for a phone'\''s camera.]'
        '--all[Print a link for every address of this machine, not only the first.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_plan_check-in() {
    local -i ret=1
    local -ar arg_specs=(
        '*:players:'
        '*--walk-in[Someone new to the roster who is here (once for each).]:name:'
        '--start[Then start a gather with those here, split into fair teams.]'
        '--duration[With --start\: the match clock of each period, mm\:ss or seconds (default 10\:00).]:duration:'
        '--periods[With --start\: periods, 1 to 4 (default 1).]:periods:'
        '--break[With --start\: the break between periods, mm\:ss or seconds.]:break:'
        '--force[With --start\: start even more than 12 hours before the plan'\''s start.]'
        '--team-a-name[What Team A is called, 1 to 24 characters, e.g. Bibs (default Team A).]:name:'
        '--team-b-name[What Team B is called, e.g. Colours (default Team B).]:name:'
        '--plan[The plan'\''s id (default\: the soonest open plan).]:id:'
        '--name[Read the players given as names, even a name of digits (e.g. a player named 7).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_plan_cancel() {
    local -i ret=1
    local -ar arg_specs=(
        '--plan[The plan'\''s id (default\: the soonest open plan).]:id:'
        '--yes[Cancel the soonest open plan without asking, when --plan is not given.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_plan_restore() {
    local -i ret=1
    local -ar arg_specs=(
        ':plan:'
        '--force[Open it even when another open plan starts at the same time.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_plan_schedule() {
    local -i ret=1
    local -ar arg_specs=(
        ':weekday:'
        ':time:'
        '--schedule[Change this schedule instead of making one.]:id:'
        '--capacity[How many may go each week, 2 to 40.]:capacity:'
        '--place[Where (empty\: none).]:place:'
        '--note[Anything else the group should know (empty\: none).]:note:'
        '--opens-before[How long before the start each plan opens\: 6d.]:duration:'
        '--utc-offset[A fixed offset, +01\:00 (default\: the server'\''s zone; server\: back to it).]:offset:'
        '--regulars-first[How long regulars have each plan first\: 1d (0\: nobody first).]:duration:'
        '--regulars-played[Also regular\: who played this many of the last gathers…]:regulars-played:'
        '--regulars-of-last[… of this many (1 to 20).]:regulars-of-last:'
        '--reminders[When reminders go out before the start\: 48h,3h (none\: none).]:durations:'
        '--cost[What each week'\''s game costs, split among those who play\: "60 EUR" (none\: nothing).]:cost:'
        '--guests[With --cost\: who pays a guest'\''s share, themselves (the default) or host, whoever brought them.]:guests:'
        '--paid-by[With --cost\: who pays the pitch (an id or a name), credited the whole cost when it is charged.]:player:'
        '--first-week[this\: open this week'\''s plan at once, if its start is still to come; next (the default)\: the next week'\''s.]:week:'
        '--force[Set it up, or move it, even when another weekly game is on that day at that time.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_plan_schedules() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_plan_unschedule() {
    local -i ret=1
    local -ar arg_specs=(
        ':schedule:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_plan_calendar() {
    local -i ret=1
    local -ar arg_specs=(
        '--renew[Make a new link; the old one stops working.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_export() {
    local -i ret=1
    local -ar ___format=('json' 'csv')
    local -ar arg_specs=(
        '--format[json (one document) or csv (one file per table).]:format:{__gatherctl_complete "${___format[@]}"}'
        '(--output -o)'{--output,-o}'[json\: the file to write (default\: standard output); csv\: the folder to write the tables into.]:path:'
        '--force[Replace files that exist.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_import() {
    local -i ret=1
    local -ar arg_specs=(
        ':file:'
        '--allow-duplicate[Add a player even if one of that name is already on the roster or in the file.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_backup() {
    local -i ret=1
    local -ar arg_specs=(
        ':file:'
        '--force[Replace FILE if it exists.]'
        '--database[The database, when it is not gatherd'\''s default.]:path:'
        '--config[gatherd'\''s configuration file, which may name the database.]:path:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_restore() {
    local -i ret=1
    local -ar arg_specs=(
        ':file:'
        '--database[The database, when it is not gatherd'\''s default.]:path:'
        '--config[gatherd'\''s configuration file, which may name the database.]:path:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_fees() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'list:List who owes what (or one player'\''s balance), across every gather.'
            'pay:Mark money a player handed over (a payment line in the ledger).'
            'correct:Correct a player'\''s balance, with a note that says why (the ledger is never rewritten).'
            'history:List the ledger: every charge, payment and correction, oldest first.'
            'cost:Set what a plan, or the gather being played, costs; it is split among those who play.'
            'how-to-pay:Say how players are to pay what they owe (cash, a bank transfer, …), or show what they are told.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        list|pay|correct|history|cost|how-to-pay)
            "_gatherctl_fees_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_gatherctl_fees_list() {
    local -i ret=1
    local -ar arg_specs=(
        '--name[Read the players given as names, even a name of digits (e.g. a player named 7).]'
        ':player:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_fees_pay() {
    local -i ret=1
    local -ar arg_specs=(
        '--name[Read the players given as names, even a name of digits (e.g. a player named 7).]'
        ':player:'
        ':amount:'
        '--currency[The currency, an ISO 4217 code such as EUR (default\: the one they were charged in).]:currency:'
        '--note[A note for the ledger, such as "cash at the pitch".]:note:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_fees_correct() {
    local -i ret=1
    local -ar arg_specs=(
        '--name[Read the players given as names, even a name of digits (e.g. a player named 7).]'
        ':player:'
        '*:amount:'
        '--currency[The currency, an ISO 4217 code such as EUR.]:currency:'
        '--note[Why, for the ledger (required).]:note:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_fees_history() {
    local -i ret=1
    local -ar arg_specs=(
        '--name[Read the players given as names, even a name of digits (e.g. a player named 7).]'
        ':player:'
        '--gather[Only this gather'\''s charges.]:gather:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_fees_cost() {
    local -i ret=1
    local -ar arg_specs=(
        '--plan[The open plan whose cost this is.]:plan:'
        '--gather[The gather being played, or one that ended without a cost, instead of a plan.]:gather:'
        '*:amount currency:'
        '--guests[Who pays a guest'\''s share\: themselves (the default) or host, whoever brought them.]:guests:'
        '--paid-by[Who paid for the pitch (an id or a name)\: credited the whole cost when it is charged.]:player:'
        '--clear[Take the cost away.]'
        '--name[Read the players given as names, even a name of digits (e.g. a player named 7).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_fees_how-to-pay() {
    local -i ret=1
    local -ar arg_specs=(
        ':note:'
        '--clear[Stop saying how to pay.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_gatherctl_help() {
    local -i ret=1
    local -ar arg_specs=(
        '*:subcommands:'
        '--version[Show the version.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

if [[ "${funcstack[1]}" = _gatherctl ]]; then
    _gatherctl "${@}"
else
    compdef _gatherctl gatherctl
fi
