function __gatherctl_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __gatherctl_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __gatherctl_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __gatherctl_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __gatherctl_parse_tokens -S
    set -l unparsed_tokens (__gatherctl_tokens -pc)
    switch $unparsed_tokens[1]
    case 'gatherctl'
        __gatherctl_parse_subcommand 0 'socket=' 'json' 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'players'
            __gatherctl_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'add'
                __gatherctl_parse_subcommand 1 'age=' 'position=' 'skill=' 'team=' 'allow-duplicate' 'version' 'h/help'
            case 'list'
                __gatherctl_parse_subcommand 0 'version' 'h/help'
            case 'show'
                __gatherctl_parse_subcommand 1 'name' 'version' 'h/help'
            case 'edit'
                __gatherctl_parse_subcommand 1 'name=' 'age=' 'position=' 'skill=' 'team=' 'version' 'h/help'
            case 'rm'
                __gatherctl_parse_subcommand 1 'name' 'version' 'h/help'
            end
        case 'gather'
            __gatherctl_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'start'
                __gatherctl_parse_subcommand 0 'team-a=' 'team-b=' 'bench=' 'duration=' 'periods=' 'break=' 'balanced' 'players=' 'seed=' 'team-a-name=' 'team-b-name=' 'name' 'plan=' 'version' 'h/help'
            case 'suggest'
                __gatherctl_parse_subcommand 1 'bench=' 'seed=' 'by=' 'alternatives=' 'name' 'version' 'h/help'
            case 'status'
                __gatherctl_parse_subcommand 0 'version' 'h/help'
            case 'move'
                __gatherctl_parse_subcommand 2 'name' 'version' 'h/help'
            case 'rename'
                __gatherctl_parse_subcommand -r 1 'version' 'h/help'
            case 'end'
                __gatherctl_parse_subcommand 0 'version' 'h/help'
            case 'cancel'
                __gatherctl_parse_subcommand 0 'version' 'h/help'
            case 'history'
                __gatherctl_parse_subcommand 0 'limit=' 'before=' 'player=' 'name' 'version' 'h/help'
            case 'show'
                __gatherctl_parse_subcommand 1 'version' 'h/help'
            end
        case 'timer'
            __gatherctl_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'set'
                __gatherctl_parse_subcommand 1 'version' 'h/help'
            case 'start'
                __gatherctl_parse_subcommand 0 'version' 'h/help'
            case 'pause'
                __gatherctl_parse_subcommand 0 'version' 'h/help'
            case 'resume'
                __gatherctl_parse_subcommand 0 'version' 'h/help'
            case 'toggle'
                __gatherctl_parse_subcommand 0 'version' 'h/help'
            case 'reset'
                __gatherctl_parse_subcommand 0 'version' 'h/help'
            case 'status'
                __gatherctl_parse_subcommand 0 'version' 'h/help'
            case 'format'
                __gatherctl_parse_subcommand 0 'periods=' 'length=' 'break=' 'version' 'h/help'
            case 'add'
                __gatherctl_parse_subcommand 1 'version' 'h/help'
            case 'end-half'
                __gatherctl_parse_subcommand 0 'version' 'h/help'
            end
        case 'score'
            __gatherctl_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'goal'
                __gatherctl_parse_subcommand 1 'player=' 'name' 'version' 'h/help'
            case 'undo'
                __gatherctl_parse_subcommand 0 'version' 'h/help'
            case 'set'
                __gatherctl_parse_subcommand 1 'version' 'h/help'
            case 'show'
                __gatherctl_parse_subcommand 0 'version' 'h/help'
            end
        case 'status'
            __gatherctl_parse_subcommand 0 'version' 'h/help'
        case 'ping'
            __gatherctl_parse_subcommand 0 'version' 'h/help'
        case 'discover'
            __gatherctl_parse_subcommand 0 'version' 'h/help'
        case 'call'
            __gatherctl_parse_subcommand 2 'version' 'h/help'
        case 'watch'
            __gatherctl_parse_subcommand 0 'format=' 'topics=' 'version' 'h/help'
        case 'stats'
            __gatherctl_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'table'
                __gatherctl_parse_subcommand 0 'order=' 'since=' 'until=' 'min-gathers=' 'version' 'h/help'
            case 'player'
                __gatherctl_parse_subcommand 1 'name' 'version' 'h/help'
            end
        case 'web'
            __gatherctl_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'link'
                __gatherctl_parse_subcommand 0 'view' 'qr' 'all' 'version' 'h/help'
            end
        case 'plan'
            __gatherctl_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'list'
                __gatherctl_parse_subcommand 0 'version' 'h/help'
            case 'new'
                __gatherctl_parse_subcommand 1 'capacity=' 'place=' 'note=' 'version' 'h/help'
            case 'show'
                __gatherctl_parse_subcommand 0 'plan=' 'version' 'h/help'
            case 'join'
                __gatherctl_parse_subcommand 1 'guest=' 'plan=' 'name' 'version' 'h/help'
            case 'leave'
                __gatherctl_parse_subcommand 1 'plan=' 'name' 'version' 'h/help'
            case 'update'
                __gatherctl_parse_subcommand 0 'starts-at=' 'capacity=' 'place=' 'note=' 'plan=' 'version' 'h/help'
            case 'link'
                __gatherctl_parse_subcommand 0 'plan=' 'qr' 'all' 'version' 'h/help'
            case 'check-in'
                __gatherctl_parse_subcommand -r 1 'walk-in=+' 'start' 'duration=' 'periods=' 'break=' 'team-a-name=' 'team-b-name=' 'plan=' 'name' 'version' 'h/help'
            case 'cancel'
                __gatherctl_parse_subcommand 0 'plan=' 'version' 'h/help'
            end
        case 'help'
            __gatherctl_parse_subcommand -r 1 'version'
        end
    end
end

function __gatherctl_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else
        commandline -o $argv
    end
end

function __gatherctl_parse_subcommand -S -a positional_count
    argparse -s r -- $argv
    set -l option_specs $argv[2..]
    set -l is_repeating_positional $_flag_r
    set -el _flag_r
    set -a commands $unparsed_tokens[1]
    set positional_index 0
    while true
        set -e unparsed_tokens[1]
        argparse -sn "$commands" $option_specs -- $unparsed_tokens 2> /dev/null
        set unparsed_tokens $argv
        set positional_index (math $positional_index + 1)
        for non_repeating_flag_or_option in $non_repeating_flags_or_options
            if set -ql "_flag_$(string replace -a - _ -- $non_repeating_flag_or_option)"
                set non_repeating_flags_or_options_absent 1
                break
            end
        end
        test (count $unparsed_tokens) -eq 0 -o \( -z "$is_repeating_positional" -a "$positional_index" -gt "$positional_count" \) && break
    end
end

function __gatherctl_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __gatherctl_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__gatherctl_tokens -p)
    if test -z "$(__gatherctl_tokens -t)"
        set -l index (count (__gatherctl_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'gatherctl' -f
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl" socket' -l 'socket' -d 'gatherd\'s socket (default: GATHERD_SOCKET, then the daemon\'s default).' -rfka ''
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl" json' -l 'json' -d 'Print exactly the daemon\'s result as JSON (watch: one JSON object per line).'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl" version' -l 'version' -d 'Show the version.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_positional "gatherctl" -eq 1' -fa 'players' -d 'List, add, show, edit and remove players.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_positional "gatherctl" -eq 1' -fa 'gather' -d 'Start, inspect, change and end gathers; browse history.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_positional "gatherctl" -eq 1' -fa 'timer' -d 'Set, start, pause, resume, toggle, reset and show the match clock; add time, end the half.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_positional "gatherctl" -eq 1' -fa 'score' -d 'Score goals, undo the last one, correct or show the score.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_positional "gatherctl" -eq 1' -fa 'status' -d 'Show the daemon and the match.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_positional "gatherctl" -eq 1' -fa 'ping' -d 'Check that gatherd answers.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_positional "gatherctl" -eq 1' -fa 'discover' -d 'Print gatherd\'s OpenRPC description of every method (JSON).'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_positional "gatherctl" -eq 1' -fa 'call' -d 'Call any method with raw JSON params and print the raw result.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_positional "gatherctl" -eq 1' -fa 'watch' -d 'Print one line per change of the match, for status bars.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_positional "gatherctl" -eq 1' -fa 'stats' -d 'Show player stats over ended gathers.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_positional "gatherctl" -eq 1' -fa 'web' -d 'The pitch-side scoreboard page (gatherd --http).'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_positional "gatherctl" -eq 1' -fa 'plan' -d 'Plan coming gathers: who is going, who waits, and the sign-up link.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_positional "gatherctl" -eq 1' -fa 'help' -d 'Show subcommand help information.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl players" version' -l 'version' -d 'Show the version.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl players" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_positional "gatherctl players" -eq 1' -fa 'add' -d 'Add a player to the roster.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_positional "gatherctl players" -eq 1' -fa 'list' -d 'List the roster.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_positional "gatherctl players" -eq 1' -fa 'show' -d 'Show one player.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_positional "gatherctl players" -eq 1' -fa 'edit' -d 'Change a player\'s details.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_positional "gatherctl players" -eq 1' -fa 'rm' -d 'Remove a player from the roster.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl players add" age' -l 'age' -d 'Age in years, 1 to 120.' -rfka ''
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl players add" position' -l 'position' -d 'goalkeeper, defender, midfielder, winger or striker (or GK, DEF, MID, W, ST).' -rfka ''
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl players add" skill' -l 'skill' -d 'beginner, amateur or professional.' -rfka ''
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl players add" team' -l 'team' -d 'Favourite team.' -rfka ''
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl players add" allow-duplicate' -l 'allow-duplicate' -d 'Add the player even if one of that name is already on the roster.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl players add" version' -l 'version' -d 'Show the version.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl players add" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl players list" version' -l 'version' -d 'Show the version.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl players list" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl players show" name' -l 'name' -d 'Read the players given as names, even a name of digits (e.g. a player named 7).'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl players show" version' -l 'version' -d 'Show the version.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl players show" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl players edit" name' -l 'name' -d 'A new name.' -rfka ''
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl players edit" age' -l 'age' -d 'Age in years, 1 to 120.' -rfka ''
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl players edit" position' -l 'position' -d 'goalkeeper, defender, midfielder, winger or striker (or GK, DEF, MID, W, ST).' -rfka ''
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl players edit" skill' -l 'skill' -d 'beginner, amateur or professional.' -rfka ''
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl players edit" team' -l 'team' -d 'Favourite team.' -rfka ''
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl players edit" version' -l 'version' -d 'Show the version.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl players edit" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl players rm" name' -l 'name' -d 'Read the players given as names, even a name of digits (e.g. a player named 7).'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl players rm" version' -l 'version' -d 'Show the version.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl players rm" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl gather" version' -l 'version' -d 'Show the version.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl gather" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_positional "gatherctl gather" -eq 1' -fa 'start' -d 'Start a gather.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_positional "gatherctl gather" -eq 1' -fa 'suggest' -d 'Suggest two fair teams from these players (changes nothing).'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_positional "gatherctl gather" -eq 1' -fa 'status' -d 'Show the active gather.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_positional "gatherctl gather" -eq 1' -fa 'move' -d 'Move a player to a team, or add a roster player.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_positional "gatherctl gather" -eq 1' -fa 'rename' -d 'Rename the teams of the active gather.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_positional "gatherctl gather" -eq 1' -fa 'end' -d 'End the gather and record its result.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_positional "gatherctl gather" -eq 1' -fa 'cancel' -d 'Cancel the gather; it keeps no result.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_positional "gatherctl gather" -eq 1' -fa 'history' -d 'List ended gathers, newest first.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_positional "gatherctl gather" -eq 1' -fa 'show' -d 'Show an ended gather.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl gather start" team-a' -l 'team-a' -d 'Team A\'s players, ids or names: 1,2,3 or Ana,Bruno.' -rfka ''
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl gather start" team-b' -l 'team-b' -d 'Team B\'s players, ids or names.' -rfka ''
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl gather start" bench' -l 'bench' -d 'The bench\'s players, ids or names.' -rfka ''
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl gather start" duration' -l 'duration' -d 'The match clock of each period, mm:ss or seconds (default 10:00).' -rfka ''
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl gather start" periods' -l 'periods' -d 'Periods, 1 to 4 (default 1).' -rfka ''
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl gather start" break' -l 'break' -d 'The break between periods, mm:ss or seconds (default none).' -rfka ''
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl gather start" balanced' -l 'balanced' -d 'Let gatherd split --players into two fair teams (gather suggest), then start.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl gather start" players' -l 'players' -d 'With --balanced: the players to split, ids or names, e.g. 1,2,3,4.' -rfka ''
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl gather start" seed' -l 'seed' -d 'With --balanced: the seed that picks among equally fair splits.' -rfka ''
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl gather start" team-a-name' -l 'team-a-name' -d 'What Team A is called, 1 to 24 characters, e.g. Bibs (default Team A).' -rfka ''
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl gather start" team-b-name' -l 'team-b-name' -d 'What Team B is called, e.g. Colours (default Team B).' -rfka ''
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl gather start" name' -l 'name' -d 'Read the players given as names, even a name of digits (e.g. a player named 7).'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl gather start" plan' -l 'plan' -d 'Start from this plan: its going players, split into fair teams (gather suggest\'s rules); those waiting do not play.' -rfka ''
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl gather start" version' -l 'version' -d 'Show the version.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl gather start" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl gather suggest" bench' -l 'bench' -d 'Players to leave on the bench, ids or names.' -rfka ''
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl gather suggest" seed' -l 'seed' -d 'Ask again with another seed for another split that is just as fair.' -rfka ''
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl gather suggest" by' -l 'by' -d 'Balance by rating (learned from results, the default) or skill (the players\' declared levels).' -rfka ''
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl gather suggest" alternatives' -l 'alternatives' -d 'Also show the next N fairest splits that really differ (1 to 5).' -rfka ''
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl gather suggest" name' -l 'name' -d 'Read the players given as names, even a name of digits (e.g. a player named 7).'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl gather suggest" version' -l 'version' -d 'Show the version.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl gather suggest" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl gather status" version' -l 'version' -d 'Show the version.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl gather status" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl gather move" name' -l 'name' -d 'Read the players given as names, even a name of digits (e.g. a player named 7).'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl gather move" version' -l 'version' -d 'Show the version.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl gather move" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl gather rename" version' -l 'version' -d 'Show the version.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl gather rename" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl gather end" version' -l 'version' -d 'Show the version.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl gather end" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl gather cancel" version' -l 'version' -d 'Show the version.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl gather cancel" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl gather history" limit' -l 'limit' -d 'How many, 1 to 100 (default 20).' -rfka ''
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl gather history" before' -l 'before' -d 'Only gathers older than this id (for the next page).' -rfka ''
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl gather history" player' -l 'player' -d 'Only the gathers of this player: an id or a name.' -rfka ''
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl gather history" name' -l 'name' -d 'Read the players given as names, even a name of digits (e.g. a player named 7).'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl gather history" version' -l 'version' -d 'Show the version.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl gather history" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl gather show" version' -l 'version' -d 'Show the version.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl gather show" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl timer" version' -l 'version' -d 'Show the version.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl timer" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_positional "gatherctl timer" -eq 1' -fa 'set' -d 'Set the clock\'s duration (not while it runs).'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_positional "gatherctl timer" -eq 1' -fa 'start' -d 'Start the clock.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_positional "gatherctl timer" -eq 1' -fa 'pause' -d 'Pause the clock.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_positional "gatherctl timer" -eq 1' -fa 'resume' -d 'Resume the clock.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_positional "gatherctl timer" -eq 1' -fa 'toggle' -d 'Start, pause or resume, like a single button.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_positional "gatherctl timer" -eq 1' -fa 'reset' -d 'Stop the clock at its full duration.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_positional "gatherctl timer" -eq 1' -fa 'status' -d 'Show the clock.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_positional "gatherctl timer" -eq 1' -fa 'format' -d 'Set periods, period length and break before kick-off.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_positional "gatherctl timer" -eq 1' -fa 'add' -d 'Add time to the current period.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_positional "gatherctl timer" -eq 1' -fa 'end-half' -d 'End the running or paused period now, as if its time ran out.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl timer set" version' -l 'version' -d 'Show the version.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl timer set" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl timer start" version' -l 'version' -d 'Show the version.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl timer start" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl timer pause" version' -l 'version' -d 'Show the version.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl timer pause" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl timer resume" version' -l 'version' -d 'Show the version.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl timer resume" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl timer toggle" version' -l 'version' -d 'Show the version.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl timer toggle" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl timer reset" version' -l 'version' -d 'Show the version.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl timer reset" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl timer status" version' -l 'version' -d 'Show the version.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl timer status" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl timer format" periods' -l 'periods' -d 'Periods, 1 to 4.' -rfka ''
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl timer format" length' -l 'length' -d 'The length of one period, mm:ss or seconds.' -rfka ''
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl timer format" break' -l 'break' -d 'The break between periods, mm:ss or seconds.' -rfka ''
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl timer format" version' -l 'version' -d 'Show the version.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl timer format" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl timer add" version' -l 'version' -d 'Show the version.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl timer add" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl timer end-half" version' -l 'version' -d 'Show the version.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl timer end-half" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl score" version' -l 'version' -d 'Show the version.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl score" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_positional "gatherctl score" -eq 1' -fa 'goal' -d 'Score a goal for team a or b.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_positional "gatherctl score" -eq 1' -fa 'undo' -d 'Take back the last goal.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_positional "gatherctl score" -eq 1' -fa 'set' -d 'Set the score outright, e.g. 2-1 (logged).'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_positional "gatherctl score" -eq 1' -fa 'show' -d 'Show the score and the goals.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl score goal" player' -l 'player' -d 'The scorer: a player\'s id or name.' -rfka ''
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl score goal" name' -l 'name' -d 'Read the players given as names, even a name of digits (e.g. a player named 7).'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl score goal" version' -l 'version' -d 'Show the version.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl score goal" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl score undo" version' -l 'version' -d 'Show the version.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl score undo" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl score set" version' -l 'version' -d 'Show the version.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl score set" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl score show" version' -l 'version' -d 'Show the version.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl score show" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl status" version' -l 'version' -d 'Show the version.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl status" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl ping" version' -l 'version' -d 'Show the version.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl ping" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl discover" version' -l 'version' -d 'Show the version.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl discover" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl call" version' -l 'version' -d 'Show the version.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl call" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl watch" format' -l 'format' -d 'plain, json, waybar, i3blocks or polybar.' -rfka 'plain json waybar i3blocks polybar'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl watch" topics' -l 'topics' -d 'The topics to follow, comma-separated: tick, score, timer, gather, players.' -rfka ''
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl watch" version' -l 'version' -d 'Show the version.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl watch" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl stats" version' -l 'version' -d 'Show the version.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl stats" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_positional "gatherctl stats" -eq 1' -fa 'table' -d 'Every player\'s record as a table (the default).'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_positional "gatherctl stats" -eq 1' -fa 'player' -d 'One player\'s record, last 10 results and best teammates.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl stats table" order' -l 'order' -d 'Sort by rating (its ordinal, mu - 3 sigma), wins, goals, winRate, played or attendance (plans played, then fewest left late; default rating).' -rfka ''
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl stats table" since' -l 'since' -d 'Only gathers started on or after this UTC date, e.g. 2026-11-01.' -rfka ''
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl stats table" until' -l 'until' -d 'Only gathers started before this UTC date.' -rfka ''
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl stats table" min-gathers' -l 'min-gathers' -d 'Only players with at least this many (default 1).' -rfka ''
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl stats table" version' -l 'version' -d 'Show the version.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl stats table" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl stats player" name' -l 'name' -d 'Read the players given as names, even a name of digits (e.g. a player named 7).'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl stats player" version' -l 'version' -d 'Show the version.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl stats player" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl web" version' -l 'version' -d 'Show the version.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl web" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_positional "gatherctl web" -eq 1' -fa 'link' -d 'Print the scoreboard\'s control link: open it on a phone to get the controls.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl web link" view' -l 'view' -d 'Print the view-only link (the page without the controls); any peer may ask for it.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl web link" qr' -l 'qr' -d 'Also draw each link as a QR code, for a phone\'s camera.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl web link" all' -l 'all' -d 'Print a link for every address of this machine, not only the first.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl web link" version' -l 'version' -d 'Show the version.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl web link" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl plan" version' -l 'version' -d 'Show the version.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl plan" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_positional "gatherctl plan" -eq 1' -fa 'list' -d 'Show the open plans with their lists.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_positional "gatherctl plan" -eq 1' -fa 'new' -d 'Make a plan: when, how many, and where.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_positional "gatherctl plan" -eq 1' -fa 'show' -d 'Show one plan, open or not, with its lists.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_positional "gatherctl plan" -eq 1' -fa 'join' -d 'Say a player is in: going, or waiting past the capacity.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_positional "gatherctl plan" -eq 1' -fa 'leave' -d 'Say a player can\'t make it; the first waiting player moves up.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_positional "gatherctl plan" -eq 1' -fa 'update' -d 'Change a plan\'s start, capacity, place or note.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_positional "gatherctl plan" -eq 1' -fa 'link' -d 'Print the plan\'s sign-up link for the group chat.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_positional "gatherctl plan" -eq 1' -fa 'check-in' -d 'On the night: mark who turned up, bring in waiting players and walk-ins, then start fair teams.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_positional "gatherctl plan" -eq 1' -fa 'cancel' -d 'Call a plan off; its sign-up link stops working.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl plan list" version' -l 'version' -d 'Show the version.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl plan list" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl plan new" capacity' -l 'capacity' -d 'How many may go, 2 to 40; past it, players wait.' -rfka ''
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl plan new" place' -l 'place' -d 'Where.' -rfka ''
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl plan new" note' -l 'note' -d 'Anything else the group should know.' -rfka ''
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl plan new" version' -l 'version' -d 'Show the version.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl plan new" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl plan show" plan' -l 'plan' -d 'The plan\'s id (default: the soonest open plan).' -rfka ''
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl plan show" version' -l 'version' -d 'Show the version.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl plan show" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl plan join" guest' -l 'guest' -d 'Add a new player of this name as a guest, who joins.' -rfka ''
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl plan join" plan' -l 'plan' -d 'The plan\'s id (default: the soonest open plan).' -rfka ''
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl plan join" name' -l 'name' -d 'Read the players given as names, even a name of digits (e.g. a player named 7).'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl plan join" version' -l 'version' -d 'Show the version.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl plan join" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl plan leave" plan' -l 'plan' -d 'The plan\'s id (default: the soonest open plan).' -rfka ''
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl plan leave" name' -l 'name' -d 'Read the players given as names, even a name of digits (e.g. a player named 7).'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl plan leave" version' -l 'version' -d 'Show the version.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl plan leave" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl plan update" starts-at' -l 'starts-at' -d 'A new start, with its time zone.' -rfka ''
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl plan update" capacity' -l 'capacity' -d 'A new capacity, 2 to 40.' -rfka ''
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl plan update" place' -l 'place' -d 'A new place (empty: none).' -rfka ''
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl plan update" note' -l 'note' -d 'A new note (empty: none).' -rfka ''
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl plan update" plan' -l 'plan' -d 'The plan\'s id (default: the soonest open plan).' -rfka ''
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl plan update" version' -l 'version' -d 'Show the version.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl plan update" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl plan link" plan' -l 'plan' -d 'The plan\'s id (default: the soonest open plan).' -rfka ''
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl plan link" qr' -l 'qr' -d 'Also draw the link as a QR code, for a phone\'s camera.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl plan link" all' -l 'all' -d 'Print a link for every address of this machine, not only the first.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl plan link" version' -l 'version' -d 'Show the version.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl plan link" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl plan check-in"' -l 'walk-in' -d 'Someone new to the roster who is here (once for each).' -rfka ''
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl plan check-in" start' -l 'start' -d 'Then start a gather with those here, split into fair teams.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl plan check-in" duration' -l 'duration' -d 'With --start: the match clock of each period, mm:ss or seconds (default 10:00).' -rfka ''
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl plan check-in" periods' -l 'periods' -d 'With --start: periods, 1 to 4 (default 1).' -rfka ''
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl plan check-in" break' -l 'break' -d 'With --start: the break between periods, mm:ss or seconds.' -rfka ''
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl plan check-in" team-a-name' -l 'team-a-name' -d 'What Team A is called, 1 to 24 characters, e.g. Bibs (default Team A).' -rfka ''
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl plan check-in" team-b-name' -l 'team-b-name' -d 'What Team B is called, e.g. Colours (default Team B).' -rfka ''
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl plan check-in" plan' -l 'plan' -d 'The plan\'s id (default: the soonest open plan).' -rfka ''
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl plan check-in" name' -l 'name' -d 'Read the players given as names, even a name of digits (e.g. a player named 7).'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl plan check-in" version' -l 'version' -d 'Show the version.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl plan check-in" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl plan cancel" plan' -l 'plan' -d 'The plan\'s id (default: the soonest open plan).' -rfka ''
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl plan cancel" version' -l 'version' -d 'Show the version.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl plan cancel" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'gatherctl' -n '__gatherctl_should_offer_completions_for_flags_or_options "gatherctl help" version' -l 'version' -d 'Show the version.'
