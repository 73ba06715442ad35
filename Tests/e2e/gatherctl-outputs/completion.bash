#!/bin/bash

__gatherctl_cursor_index_in_current_word() {
    local remaining="${COMP_LINE}"

    local word
    for word in "${COMP_WORDS[@]::COMP_CWORD}"; do
        remaining="${remaining##*([[:space:]])"${word}"*([[:space:]])}"
    done

    local -ir index="$((COMP_POINT - ${#COMP_LINE} + ${#remaining}))"
    if [[ "${index}" -le 0 ]]; then
        printf 0
    else
        printf %s "${index}"
    fi
}

# positional arguments:
#
# - 1: the current (sub)command's count of positional arguments
#
# required variables:
#
# - repeating_flags: the repeating flags that the current (sub)command can accept
# - non_repeating_flags: the non-repeating flags that the current (sub)command can accept
# - repeating_options: the repeating options that the current (sub)command can accept
# - non_repeating_options: the non-repeating options that the current (sub)command can accept
# - positional_number: value ignored
# - unparsed_words: unparsed words from the current command line
#
# modified variables:
#
# - non_repeating_flags: remove flags for this (sub)command that are already on the command line
# - non_repeating_options: remove options for this (sub)command that are already on the command line
# - positional_number: set to the current positional number
# - unparsed_words: remove all flags, options, and option values for this (sub)command
__gatherctl_offer_flags_options() {
    local -ir positional_count="${1}"
    positional_number=0

    local was_flag_option_terminator_seen=false
    local is_parsing_option_value=false

    local -ar unparsed_word_indices=("${!unparsed_words[@]}")
    local -i word_index
    for word_index in "${unparsed_word_indices[@]}"; do
        if "${is_parsing_option_value}"; then
            # This word is an option value:
            # Reset marker for next word iff not currently the last word
            [[ "${word_index}" -ne "${unparsed_word_indices[${#unparsed_word_indices[@]} - 1]}" ]] && is_parsing_option_value=false
            unset "unparsed_words[${word_index}]"
            # Do not process this word as a flag or an option
            continue
        fi

        local word="${unparsed_words["${word_index}"]}"
        if ! "${was_flag_option_terminator_seen}"; then
            case "${word}" in
            --)
                unset "unparsed_words[${word_index}]"
                # by itself -- is a flag/option terminator, but if it is the last word, it is the start of a completion
                if [[ "${word_index}" -ne "${unparsed_word_indices[${#unparsed_word_indices[@]} - 1]}" ]]; then
                    was_flag_option_terminator_seen=true
                fi
                continue
                ;;
            -*)
                # ${word} is a flag or an option
                # If ${word} is an option, mark that the next word to be parsed is an option value
                local option
                for option in "${repeating_options[@]}" "${non_repeating_options[@]}"; do
                    [[ "${word}" = "${option}" ]] && is_parsing_option_value=true && break
                done

                # Remove ${word} from ${non_repeating_flags} or ${non_repeating_options} so it isn't offered again
                local not_found=true
                local -i index
                for index in "${!non_repeating_flags[@]}"; do
                    if [[ "${non_repeating_flags[${index}]}" = "${word}" ]]; then
                        unset "non_repeating_flags[${index}]"
                        non_repeating_flags=("${non_repeating_flags[@]}")
                        not_found=false
                        break
                    fi
                done
                if "${not_found}"; then
                    for index in "${!non_repeating_flags[@]}"; do
                        if [[ "${non_repeating_flags[${index}]}" = "${word}" ]]; then
                            unset "non_repeating_flags[${index}]"
                            non_repeating_flags=("${non_repeating_flags[@]}")
                            break
                        fi
                    done
                fi
                unset "unparsed_words[${word_index}]"
                continue
                ;;
            esac
        fi

        # ${word} is neither a flag, nor an option, nor an option value
        if [[ "${positional_number}" -lt "${positional_count}" || "${positional_count}" -lt 0 ]]; then
            # ${word} is a positional
            ((positional_number++))
            unset "unparsed_words[${word_index}]"
        else
            if [[ -z "${word}" ]]; then
                # Could be completing a flag, option, or subcommand
                positional_number=-1
            else
                # ${word} is a subcommand or invalid, so stop processing this (sub)command
                positional_number=-2
            fi
            break
        fi
    done

    unparsed_words=("${unparsed_words[@]}")

    if\
        ! "${was_flag_option_terminator_seen}"\
        && ! "${is_parsing_option_value}"\
        && [[ ("${cur}" = -* && "${positional_number}" -ge 0) || "${positional_number}" -eq -1 ]]
    then
        COMPREPLY+=($(compgen -W "${repeating_flags[*]} ${non_repeating_flags[*]} ${repeating_options[*]} ${non_repeating_options[*]}" -- "${cur}"))
    fi
}

__gatherctl_add_completions() {
    local completion
    while IFS='' read -r completion; do
        COMPREPLY+=("${completion}")
    done < <(IFS=$'\n' compgen "${@}" -- "${cur}")
}

__gatherctl_custom_complete() {
    if [[ -n "${cur}" || -z ${COMP_WORDS[${COMP_CWORD}]} || "${COMP_LINE:${COMP_POINT}:1}" != ' ' ]]; then
        local -ar words=("${COMP_WORDS[@]}")
    else
        local -ar words=("${COMP_WORDS[@]::${COMP_CWORD}}" '' "${COMP_WORDS[@]:${COMP_CWORD}}")
    fi

    "${COMP_WORDS[0]}" "${@}" "${words[@]}"
}

_gatherctl() {
    local state
    state="$(shopt -p;shopt -po)"
    trap "${state//$'\n'/;}" RETURN
    shopt -s extglob
    set +o history +o posix

    local -xr SAP_SHELL=bash
    local -x SAP_SHELL_VERSION
    SAP_SHELL_VERSION="$(IFS='.';printf %s "${BASH_VERSINFO[*]}")"
    local -r SAP_SHELL_VERSION

    local -r cur="${2}"
    local -r prev="${3}"

    local -i positional_number
    local -a unparsed_words=("${COMP_WORDS[@]:1:${COMP_CWORD}}")

    local -a repeating_flags=()
    local -a non_repeating_flags=(--json --version -h --help)
    local -a repeating_options=()
    local -a non_repeating_options=(--socket)
    __gatherctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--socket')
        return
        ;;
    esac

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    players|gather|timer|score|status|ping|discover|call|watch|stats|web|plan|export|import|backup|restore|fees|help)
        # Offer subcommand argument completions
        "_gatherctl_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'players gather timer score status ping discover call watch stats web plan export import backup restore fees help' -- "${cur}"))
        ;;
    esac
}

_gatherctl_players() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __gatherctl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    add|list|show|edit|rm|confirm|regular|merge)
        # Offer subcommand argument completions
        "_gatherctl_players_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'add list show edit rm confirm regular merge' -- "${cur}"))
        ;;
    esac
}

_gatherctl_players_add() {
    repeating_flags=()
    non_repeating_flags=(--allow-duplicate --version -h --help)
    repeating_options=()
    non_repeating_options=(--age --position --skill --team)
    __gatherctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--age')
        return
        ;;
    '--position')
        return
        ;;
    '--skill')
        return
        ;;
    '--team')
        return
        ;;
    esac
}

_gatherctl_players_list() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __gatherctl_offer_flags_options 0
}

_gatherctl_players_show() {
    repeating_flags=()
    non_repeating_flags=(--name --version -h --help)
    repeating_options=()
    non_repeating_options=()
    __gatherctl_offer_flags_options 1
}

_gatherctl_players_edit() {
    repeating_flags=()
    non_repeating_flags=(--regular --no-regular --version -h --help)
    repeating_options=()
    non_repeating_options=(--name --age --position --skill --team)
    __gatherctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--name')
        return
        ;;
    '--age')
        return
        ;;
    '--position')
        return
        ;;
    '--skill')
        return
        ;;
    '--team')
        return
        ;;
    esac
}

_gatherctl_players_rm() {
    repeating_flags=()
    non_repeating_flags=(--name --version -h --help)
    repeating_options=()
    non_repeating_options=()
    __gatherctl_offer_flags_options 1
}

_gatherctl_players_confirm() {
    repeating_flags=()
    non_repeating_flags=(--all --name --version -h --help)
    repeating_options=()
    non_repeating_options=()
    __gatherctl_offer_flags_options -1
}

_gatherctl_players_regular() {
    repeating_flags=()
    non_repeating_flags=(--name --version -h --help)
    repeating_options=()
    non_repeating_options=()
    __gatherctl_offer_flags_options -1
}

_gatherctl_players_merge() {
    repeating_flags=()
    non_repeating_flags=(--yes --name --version -h --help)
    repeating_options=()
    non_repeating_options=()
    __gatherctl_offer_flags_options 2
}

_gatherctl_gather() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __gatherctl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    start|suggest|status|move|rename|end|cancel|history|show|report|vote|vote-link|reopen|delete)
        # Offer subcommand argument completions
        "_gatherctl_gather_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'start suggest status move rename end cancel history show report vote vote-link reopen delete' -- "${cur}"))
        ;;
    esac
}

_gatherctl_gather_start() {
    repeating_flags=()
    non_repeating_flags=(--balanced --name --force --version -h --help)
    repeating_options=()
    non_repeating_options=(--team-a --team-b --bench --duration --periods --break --players --seed --team-a-name --team-b-name --plan)
    __gatherctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--team-a')
        return
        ;;
    '--team-b')
        return
        ;;
    '--bench')
        return
        ;;
    '--duration')
        return
        ;;
    '--periods')
        return
        ;;
    '--break')
        return
        ;;
    '--players')
        return
        ;;
    '--seed')
        return
        ;;
    '--team-a-name')
        return
        ;;
    '--team-b-name')
        return
        ;;
    '--plan')
        return
        ;;
    esac
}

_gatherctl_gather_suggest() {
    repeating_flags=()
    non_repeating_flags=(--name --version -h --help)
    repeating_options=()
    non_repeating_options=(--plan --bench --seed --by --alternatives)
    __gatherctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--plan')
        return
        ;;
    '--bench')
        return
        ;;
    '--seed')
        return
        ;;
    '--by')
        return
        ;;
    '--alternatives')
        return
        ;;
    esac
}

_gatherctl_gather_status() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __gatherctl_offer_flags_options 0
}

_gatherctl_gather_move() {
    repeating_flags=()
    non_repeating_flags=(--name --version -h --help)
    repeating_options=()
    non_repeating_options=()
    __gatherctl_offer_flags_options 2
}

_gatherctl_gather_rename() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __gatherctl_offer_flags_options -1
}

_gatherctl_gather_end() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __gatherctl_offer_flags_options 0
}

_gatherctl_gather_cancel() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __gatherctl_offer_flags_options 0
}

_gatherctl_gather_history() {
    repeating_flags=()
    non_repeating_flags=(--name --version -h --help)
    repeating_options=()
    non_repeating_options=(--limit --before --player)
    __gatherctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--limit')
        return
        ;;
    '--before')
        return
        ;;
    '--player')
        return
        ;;
    esac
}

_gatherctl_gather_show() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __gatherctl_offer_flags_options 1
}

_gatherctl_gather_report() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __gatherctl_offer_flags_options 1
}

_gatherctl_gather_vote() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __gatherctl_offer_flags_options 1
}

_gatherctl_gather_vote-link() {
    repeating_flags=()
    non_repeating_flags=(--qr --all --version -h --help)
    repeating_options=()
    non_repeating_options=()
    __gatherctl_offer_flags_options 1
}

_gatherctl_gather_reopen() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __gatherctl_offer_flags_options 1
}

_gatherctl_gather_delete() {
    repeating_flags=()
    non_repeating_flags=(--yes --version -h --help)
    repeating_options=()
    non_repeating_options=()
    __gatherctl_offer_flags_options 1
}

_gatherctl_timer() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __gatherctl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    set|start|pause|resume|toggle|reset|status|format|add|end-half)
        # Offer subcommand argument completions
        "_gatherctl_timer_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'set start pause resume toggle reset status format add end-half' -- "${cur}"))
        ;;
    esac
}

_gatherctl_timer_set() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __gatherctl_offer_flags_options 1
}

_gatherctl_timer_start() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __gatherctl_offer_flags_options 0
}

_gatherctl_timer_pause() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __gatherctl_offer_flags_options 0
}

_gatherctl_timer_resume() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __gatherctl_offer_flags_options 0
}

_gatherctl_timer_toggle() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __gatherctl_offer_flags_options 0
}

_gatherctl_timer_reset() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __gatherctl_offer_flags_options 0
}

_gatherctl_timer_status() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __gatherctl_offer_flags_options 0
}

_gatherctl_timer_format() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--periods --length --break)
    __gatherctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--periods')
        return
        ;;
    '--length')
        return
        ;;
    '--break')
        return
        ;;
    esac
}

_gatherctl_timer_add() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __gatherctl_offer_flags_options 1
}

_gatherctl_timer_end-half() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __gatherctl_offer_flags_options 0
}

_gatherctl_score() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __gatherctl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    goal|undo|set|show)
        # Offer subcommand argument completions
        "_gatherctl_score_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'goal undo set show' -- "${cur}"))
        ;;
    esac
}

_gatherctl_score_goal() {
    repeating_flags=()
    non_repeating_flags=(--name --version -h --help)
    repeating_options=()
    non_repeating_options=(--player)
    __gatherctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--player')
        return
        ;;
    esac
}

_gatherctl_score_undo() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __gatherctl_offer_flags_options 0
}

_gatherctl_score_set() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __gatherctl_offer_flags_options 1
}

_gatherctl_score_show() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __gatherctl_offer_flags_options 0
}

_gatherctl_status() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __gatherctl_offer_flags_options 0
}

_gatherctl_ping() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __gatherctl_offer_flags_options 0
}

_gatherctl_discover() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __gatherctl_offer_flags_options 0
}

_gatherctl_call() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __gatherctl_offer_flags_options 2
}

_gatherctl_watch() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--format --topics)
    __gatherctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--format')
        __gatherctl_add_completions -W 'plain'$'\n''json'$'\n''waybar'$'\n''i3blocks'$'\n''polybar'
        return
        ;;
    '--topics')
        return
        ;;
    esac
}

_gatherctl_stats() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __gatherctl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    table|player)
        # Offer subcommand argument completions
        "_gatherctl_stats_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'table player' -- "${cur}"))
        ;;
    esac
}

_gatherctl_stats_table() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--order --since --until --min-gathers)
    __gatherctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--order')
        return
        ;;
    '--since')
        return
        ;;
    '--until')
        return
        ;;
    '--min-gathers')
        return
        ;;
    esac
}

_gatherctl_stats_player() {
    repeating_flags=()
    non_repeating_flags=(--name --version -h --help)
    repeating_options=()
    non_repeating_options=()
    __gatherctl_offer_flags_options 1
}

_gatherctl_web() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __gatherctl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    link|token|pair|devices|revoke)
        # Offer subcommand argument completions
        "_gatherctl_web_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'link token pair devices revoke' -- "${cur}"))
        ;;
    esac
}

_gatherctl_web_link() {
    repeating_flags=()
    non_repeating_flags=(--control --view --qr --all --version -h --help)
    repeating_options=()
    non_repeating_options=()
    __gatherctl_offer_flags_options 0
}

_gatherctl_web_token() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--file)
    __gatherctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--file')
        __gatherctl_add_completions -f
        return
        ;;
    esac
}

_gatherctl_web_pair() {
    repeating_flags=()
    non_repeating_flags=(--qr --all --version -h --help)
    repeating_options=()
    non_repeating_options=(--name)
    __gatherctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--name')
        return
        ;;
    esac
}

_gatherctl_web_devices() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __gatherctl_offer_flags_options 0
}

_gatherctl_web_revoke() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __gatherctl_offer_flags_options 1
}

_gatherctl_plan() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __gatherctl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    list|new|show|join|leave|accept|decline|update|link|check-in|cancel|restore|schedule|schedules|unschedule|calendar)
        # Offer subcommand argument completions
        "_gatherctl_plan_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'list new show join leave accept decline update link check-in cancel restore schedule schedules unschedule calendar' -- "${cur}"))
        ;;
    esac
}

_gatherctl_plan_list() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __gatherctl_offer_flags_options 0
}

_gatherctl_plan_new() {
    repeating_flags=()
    non_repeating_flags=(--force --version -h --help)
    repeating_options=()
    non_repeating_options=(--capacity --place --note --schedule)
    __gatherctl_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--capacity')
        return
        ;;
    '--place')
        return
        ;;
    '--note')
        return
        ;;
    '--schedule')
        return
        ;;
    esac
}

_gatherctl_plan_show() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--plan)
    __gatherctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--plan')
        return
        ;;
    esac
}

_gatherctl_plan_join() {
    repeating_flags=()
    non_repeating_flags=(--name --version -h --help)
    repeating_options=()
    non_repeating_options=(--guest --plan)
    __gatherctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--guest')
        return
        ;;
    '--plan')
        return
        ;;
    esac
}

_gatherctl_plan_leave() {
    repeating_flags=()
    non_repeating_flags=(--name --version -h --help)
    repeating_options=()
    non_repeating_options=(--plan)
    __gatherctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--plan')
        return
        ;;
    esac
}

_gatherctl_plan_accept() {
    repeating_flags=()
    non_repeating_flags=(--name --version -h --help)
    repeating_options=()
    non_repeating_options=(--plan)
    __gatherctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--plan')
        return
        ;;
    esac
}

_gatherctl_plan_decline() {
    repeating_flags=()
    non_repeating_flags=(--name --version -h --help)
    repeating_options=()
    non_repeating_options=(--plan)
    __gatherctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--plan')
        return
        ;;
    esac
}

_gatherctl_plan_update() {
    repeating_flags=()
    non_repeating_flags=(--force --version -h --help)
    repeating_options=()
    non_repeating_options=(--starts-at --capacity --place --note --plan)
    __gatherctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--starts-at')
        return
        ;;
    '--capacity')
        return
        ;;
    '--place')
        return
        ;;
    '--note')
        return
        ;;
    '--plan')
        return
        ;;
    esac
}

_gatherctl_plan_link() {
    repeating_flags=()
    non_repeating_flags=(--qr --all --version -h --help)
    repeating_options=()
    non_repeating_options=(--plan)
    __gatherctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--plan')
        return
        ;;
    esac
}

_gatherctl_plan_check-in() {
    repeating_flags=()
    non_repeating_flags=(--start --force --name --version -h --help)
    repeating_options=(--walk-in)
    non_repeating_options=(--duration --periods --break --team-a-name --team-b-name --plan)
    __gatherctl_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--walk-in')
        return
        ;;
    '--duration')
        return
        ;;
    '--periods')
        return
        ;;
    '--break')
        return
        ;;
    '--team-a-name')
        return
        ;;
    '--team-b-name')
        return
        ;;
    '--plan')
        return
        ;;
    esac
}

_gatherctl_plan_cancel() {
    repeating_flags=()
    non_repeating_flags=(--yes --version -h --help)
    repeating_options=()
    non_repeating_options=(--plan)
    __gatherctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--plan')
        return
        ;;
    esac
}

_gatherctl_plan_restore() {
    repeating_flags=()
    non_repeating_flags=(--force --version -h --help)
    repeating_options=()
    non_repeating_options=()
    __gatherctl_offer_flags_options 1
}

_gatherctl_plan_schedule() {
    repeating_flags=()
    non_repeating_flags=(--force --version -h --help)
    repeating_options=()
    non_repeating_options=(--schedule --capacity --place --note --opens-before --utc-offset --regulars-first --regulars-played --regulars-of-last --reminders --cost --guests --paid-by --first-week)
    __gatherctl_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--schedule')
        return
        ;;
    '--capacity')
        return
        ;;
    '--place')
        return
        ;;
    '--note')
        return
        ;;
    '--opens-before')
        return
        ;;
    '--utc-offset')
        return
        ;;
    '--regulars-first')
        return
        ;;
    '--regulars-played')
        return
        ;;
    '--regulars-of-last')
        return
        ;;
    '--reminders')
        return
        ;;
    '--cost')
        return
        ;;
    '--guests')
        return
        ;;
    '--paid-by')
        return
        ;;
    '--first-week')
        return
        ;;
    esac
}

_gatherctl_plan_schedules() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __gatherctl_offer_flags_options 0
}

_gatherctl_plan_unschedule() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __gatherctl_offer_flags_options 1
}

_gatherctl_plan_calendar() {
    repeating_flags=()
    non_repeating_flags=(--renew --version -h --help)
    repeating_options=()
    non_repeating_options=()
    __gatherctl_offer_flags_options 0
}

_gatherctl_export() {
    repeating_flags=()
    non_repeating_flags=(--force --version -h --help)
    repeating_options=()
    non_repeating_options=(--format --output -o)
    __gatherctl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--format')
        __gatherctl_add_completions -W 'json'$'\n''csv'
        return
        ;;
    '--output'|'-o')
        return
        ;;
    esac
}

_gatherctl_import() {
    repeating_flags=()
    non_repeating_flags=(--allow-duplicate --version -h --help)
    repeating_options=()
    non_repeating_options=()
    __gatherctl_offer_flags_options 1
}

_gatherctl_backup() {
    repeating_flags=()
    non_repeating_flags=(--force --version -h --help)
    repeating_options=()
    non_repeating_options=(--database --config)
    __gatherctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--database')
        return
        ;;
    '--config')
        return
        ;;
    esac
}

_gatherctl_restore() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--database --config)
    __gatherctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--database')
        return
        ;;
    '--config')
        return
        ;;
    esac
}

_gatherctl_fees() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __gatherctl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    list|pay|correct|history|cost|how-to-pay)
        # Offer subcommand argument completions
        "_gatherctl_fees_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'list pay correct history cost how-to-pay' -- "${cur}"))
        ;;
    esac
}

_gatherctl_fees_list() {
    repeating_flags=()
    non_repeating_flags=(--name --version -h --help)
    repeating_options=()
    non_repeating_options=()
    __gatherctl_offer_flags_options 1
}

_gatherctl_fees_pay() {
    repeating_flags=()
    non_repeating_flags=(--name --version -h --help)
    repeating_options=()
    non_repeating_options=(--currency --note)
    __gatherctl_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--currency')
        return
        ;;
    '--note')
        return
        ;;
    esac
}

_gatherctl_fees_correct() {
    repeating_flags=()
    non_repeating_flags=(--name --version -h --help)
    repeating_options=()
    non_repeating_options=(--currency --note)
    __gatherctl_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--currency')
        return
        ;;
    '--note')
        return
        ;;
    esac
}

_gatherctl_fees_history() {
    repeating_flags=()
    non_repeating_flags=(--name --version -h --help)
    repeating_options=()
    non_repeating_options=(--gather)
    __gatherctl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--gather')
        return
        ;;
    esac
}

_gatherctl_fees_cost() {
    repeating_flags=()
    non_repeating_flags=(--clear --name --version -h --help)
    repeating_options=()
    non_repeating_options=(--plan --gather --guests --paid-by)
    __gatherctl_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--plan')
        return
        ;;
    '--gather')
        return
        ;;
    '--guests')
        return
        ;;
    '--paid-by')
        return
        ;;
    esac
}

_gatherctl_fees_how-to-pay() {
    repeating_flags=()
    non_repeating_flags=(--clear --version -h --help)
    repeating_options=()
    non_repeating_options=()
    __gatherctl_offer_flags_options 1
}

_gatherctl_help() {
    repeating_flags=()
    non_repeating_flags=(--version)
    repeating_options=()
    non_repeating_options=()
    __gatherctl_offer_flags_options -1
}

complete -o filenames -F _gatherctl gatherctl
