/**
 * Generated from the service's OpenAPI document by `npm run sdk:generate` (scripts/sdk-openapi.ts,
 * openapi-typescript). Do not edit: test/sdk-openapi.e2e-spec.ts fails when this file is stale.
 */
/* eslint-disable */

export interface paths {
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["MetricsController_index"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["HealthController_health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["HealthController_ready"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agent_tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["AgentTokensController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["RegisterController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["MessagesController_list"];
        put?: never;
        post: operations["MessagesController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tasks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["TasksController_list"];
        put?: never;
        post: operations["TasksController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/log-in": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["LoginController_form"];
        put?: never;
        post: operations["LoginController_submit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/log-out": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: operations["LoginController_logOut"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/forgot-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["PasswordResetController_form"];
        put?: never;
        post: operations["PasswordResetController_submit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/reset-password/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["PasswordResetController_resetForm"];
        put?: never;
        post: operations["PasswordResetController_reset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AppPageController_home"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/agents/workspace-key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AppPageController_keyPage"];
        put?: never;
        post: operations["AppPageController_rotate"];
        delete: operations["AppPageController_delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/agents/workspace-key/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["AppPageController_deleteForm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["OperatorController_me"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/service_agents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["OperatorController_list"];
        put?: never;
        post: operations["OperatorController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/service_agents/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch: operations["OperatorController_update"];
        trace?: never;
    };
    "/api/v1/operator/service_agents/{id}/api_keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["OperatorController_issueKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/api_keys/{credential_id}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["OperatorController_archive"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/api_keys/{credential_id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["OperatorController_revoke"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/workspaces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AdminController_index"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/workspaces/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch: operations["AdminController_update"];
        trace?: never;
    };
    "/admin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AdminController_page"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/enrollment_tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["EnrollmentTokensController_list"];
        put?: never;
        post: operations["EnrollmentTokensController_issue"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/enrollment_tokens/{id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["EnrollmentTokensController_revoke"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/robots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["RobotsController_list"];
        put?: never;
        post: operations["RobotsController_preRegister"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/robots/{id}/retire": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["RobotsController_retire"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/cohorts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["CohortsController_list"];
        put?: never;
        post: operations["CohortsController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/cohorts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["CohortsController_show"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/enrollments/claim": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["EnrollmentClaimController_claim"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/socket_tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["SocketTokensController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/agent_commands": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AgentCommandsController_list"];
        put?: never;
        post: operations["AgentCommandsController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/scim/v2/Users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["ScimUsersController_list"];
        put?: never;
        post: operations["ScimUsersController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/scim/v2/Users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["ScimUsersController_get"];
        put: operations["ScimUsersController_replace"];
        post?: never;
        delete: operations["ScimUsersController_delete"];
        options?: never;
        head?: never;
        patch: operations["ScimUsersController_patch"];
        trace?: never;
    };
    "/scim/v2/Groups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["ScimGroupsController_list"];
        put?: never;
        post: operations["ScimGroupsController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/scim/v2/Groups/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["ScimGroupsController_get"];
        put: operations["ScimGroupsController_replace"];
        post?: never;
        delete: operations["ScimGroupsController_delete"];
        options?: never;
        head?: never;
        patch: operations["ScimGroupsController_patch"];
        trace?: never;
    };
    "/scim/v2/ServiceProviderConfig": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["ScimDiscoveryController_serviceProviderConfig"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/scim/v2/ResourceTypes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["ScimDiscoveryController_resourceTypes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/scim/v2/ResourceTypes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["ScimDiscoveryController_resourceType"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/scim/v2/Schemas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["ScimDiscoveryController_schemas"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/scim/v2/Schemas/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["ScimDiscoveryController_schema"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/scim_tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["ScimOperatorController_listTokens"];
        put?: never;
        post: operations["ScimOperatorController_createToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/scim_tokens/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: operations["ScimOperatorController_revokeToken"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/scim_groups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["ScimOperatorController_listGroups"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/scim_groups/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch: operations["ScimOperatorController_mapGroup"];
        trace?: never;
    };
    "/api/v1/operator/scim_events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["ScimOperatorController_listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/admin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["ScimAdminPageController_page"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/admin/scim_tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["ScimAdminPageController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/admin/scim_tokens/{id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["ScimAdminPageController_revoke"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/traces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["TracesController_ingest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/traces/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["TracesController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/traces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["OperatorTracesController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/traces/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["OperatorTracesController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/traces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["TracesPageController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/traces/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["TracesPageController_show"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/eval_suites": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["EvalSuitesController_list"];
        put?: never;
        post: operations["EvalSuitesController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/eval_suites/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["EvalSuitesController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/eval_runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["EvalRunsController_list"];
        put?: never;
        post: operations["EvalRunsController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/eval_runs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["EvalRunsController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch: operations["EvalRunsController_update"];
        trace?: never;
    };
    "/api/v1/operator/eval_suites": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["OperatorEvalsController_listSuites"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/eval_runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["OperatorEvalsController_listRuns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/eval_runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["EvalsPageController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/observability/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["SearchController_find"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["SearchPageController_page"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        HealthResponseDto: {
            /** @example ok */
            status: string;
            /** Format: date-time */
            timestamp: string;
        };
        ReadyResponseDto: {
            /** @enum {string} */
            status: "ok" | "degraded" | "error";
            /** Format: date-time */
            timestamp: string;
            /**
             * @description repo {status}, migrations {status, pending}, oban {status, queues: {<name>: {status, concurrency}}}
             * @example {
             *       "repo": {
             *         "status": "ok"
             *       },
             *       "migrations": {
             *         "status": "ok",
             *         "pending": 0
             *       },
             *       "oban": {
             *         "status": "ok",
             *         "queues": {
             *           "mailer": {
             *             "status": "ok",
             *             "concurrency": 4
             *           }
             *         }
             *       }
             *     }
             */
            checks: Record<string, unknown>;
        };
        /**
         * @description subset of the credential's scopes
         * @enum {string}
         */
        MachineScope: "traces:write" | "traces:read" | "eval_runs:read" | "eval_runs:write" | "eval_suites:read" | "eval_suites:write" | "gateway:check" | "replays:write" | "workflow_targets:read" | "workflow_targets:write" | "agent_commands:read" | "events:read" | "sockets:connect" | "credentials:write" | "messages:read" | "messages:write" | "tasks:read" | "tasks:write";
        TokenExchangeDto: {
            /** @description agk_<prefix>.<secret>; alternative to the x-agent-api-key header */
            api_key?: string;
            /** @description subset of the credential's scopes */
            scopes?: components["schemas"]["MachineScope"][];
        };
        TokenResponseDto: {
            /** @description 30-day access token */
            token: string;
            scopes: string[];
            /** Format: uuid */
            credential_id: string;
            /** @example 2592000 */
            expires_in: number;
            /** Format: uuid */
            service_agent_id: string;
            /** Format: uuid */
            workspace_id: string;
        };
        ProblemDto: {
            /** @example http://localhost:4000/problems/unauthorized */
            type: string;
            /** @example Unauthorized */
            title: string;
            /** @example 401 */
            status: number;
            /**
             * @description machine-readable code or message
             * @example invalid_api_key
             */
            detail: string;
            /**
             * @description top-level code on workspace refusals
             * @example workspace_frozen
             */
            error?: string;
            /** @description on rate limits: the x-request-id */
            request_id?: string;
            /**
             * @example {
             *       "retry_after_seconds": 12
             *     }
             */
            extra?: Record<string, unknown>;
            /**
             * @description on 422 validation problems: messages by field
             * @example {
             *       "email": [
             *         "must be an email"
             *       ]
             *     }
             */
            errors?: Record<string, unknown>;
        };
        RegisterDto: {
            /** @example ada@example.com */
            email: string;
            password: string;
            /** @example warehouse-bot */
            agent_name: string;
            /** @example Acme Robotics */
            workspace_name: string;
            /** @description derived from the email local part when omitted */
            name?: string;
        };
        RegisteredUserDto: {
            /** Format: uuid */
            id: string;
            name: string;
            email: string;
            /** Format: date-time */
            confirmed_at: string | null;
        };
        ApiKeyDto: {
            /** @enum {string} */
            type: "api_key";
            /** @description agk_<prefix>.<secret>; shown once */
            key: string;
            scopes: string[];
            /** Format: uuid */
            credential_id: string;
            /** Format: uuid */
            service_agent_id: string;
        };
        AccessTokenDto: {
            /** @enum {string} */
            type: "bearer";
            /** @description 30-day bearer token; shown once */
            token: string;
            scopes: string[];
            /** Format: uuid */
            credential_id: string;
            /** @example 2592000 */
            expires_in: number;
            /** Format: uuid */
            service_agent_id: string;
        };
        ServiceAgentSummaryDto: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @enum {string} */
            status: "active" | "inactive";
            slug: string;
        };
        WorkspaceSummaryDto: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @enum {string} */
            status: "active" | "frozen" | "paused" | "archived";
            /** @example free */
            plan: string;
            slug: string;
        };
        RegisterResponseDto: {
            user: components["schemas"]["RegisteredUserDto"];
            /** @description the workspace primary key, on the hidden workspace-key agent */
            api_key: components["schemas"]["ApiKeyDto"];
            access_token: components["schemas"]["AccessTokenDto"];
            /** @description the default service agent (visible, no credential of its own) */
            service_agent: components["schemas"]["ServiceAgentSummaryDto"];
            workspace: components["schemas"]["WorkspaceSummaryDto"];
        };
        CreateMessageDto: {
            body: string;
            channel?: string;
        };
        MessageDto: {
            /** Format: uuid */
            id: string;
            body: string;
            channel: string | null;
            /** Format: uuid */
            service_agent_id: string;
            /** Format: date-time */
            inserted_at: string;
        };
        MessageEnvelopeDto: {
            message: components["schemas"]["MessageDto"];
        };
        MessageListDto: {
            messages: components["schemas"]["MessageDto"][];
            /** @description number of messages in this response */
            count: number;
        };
        CreateTaskDto: {
            title: string;
            /**
             * @default pending
             * @enum {string}
             */
            status: "pending" | "running" | "done" | "failed";
        };
        TaskDto: {
            /** Format: uuid */
            id: string;
            title: string;
            /** @enum {string} */
            status: "pending" | "running" | "done" | "failed";
            /** Format: uuid */
            service_agent_id: string;
            /** Format: date-time */
            inserted_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        TaskEnvelopeDto: {
            task: components["schemas"]["TaskDto"];
        };
        PaginationDto: {
            limit: number;
            offset: number;
            /** @description items matching, across all pages */
            total: number;
            has_more: boolean;
        };
        TaskListDto: {
            tasks: components["schemas"]["TaskDto"][];
            /** @description number of tasks in this response */
            count: number;
            pagination: components["schemas"]["PaginationDto"];
        };
        MeUserDto: {
            /** Format: uuid */
            id: string;
            email: string;
            name: string;
            platform_admin: boolean;
        };
        MeWorkspaceDto: {
            /** Format: uuid */
            id: string;
            name: string;
            slug: string;
            /** @enum {string} */
            role: "owner" | "admin" | "member";
        };
        MeDto: {
            user: components["schemas"]["MeUserDto"];
            workspaces: components["schemas"]["MeWorkspaceDto"][];
            /**
             * Format: uuid
             * @description the workspace this request acts on
             */
            workspace_id: string | null;
        };
        ServiceAgentDto: {
            /** Format: uuid */
            id: string;
            name: string;
            slug: string;
            /** @enum {string} */
            status: "active" | "inactive";
            scopes: string[];
            /** Format: date-time */
            inserted_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        ServiceAgentListDto: {
            service_agents: components["schemas"]["ServiceAgentDto"][];
        };
        CreateServiceAgentDto: {
            name: string;
            /** @description the scopes this agent's keys may carry; default: every machine scope */
            scopes?: components["schemas"]["MachineScope"][];
        };
        ServiceAgentEnvelopeDto: {
            service_agent: components["schemas"]["ServiceAgentDto"];
        };
        UpdateServiceAgentDto: {
            name?: string;
            /** @enum {string} */
            status?: "active" | "inactive";
        };
        IssueApiKeyDto: {
            /** @description subset of the agent's scopes; default: all of them */
            scopes?: components["schemas"]["MachineScope"][];
            /**
             * Format: date-time
             * @description must be in the future; default: never expires
             */
            expires_at?: string;
        };
        IssuedApiKeyDto: {
            /** @enum {string} */
            type: "api_key";
            /** @description agk_<prefix>.<secret>; shown once */
            key: string;
            scopes: string[];
            /** Format: uuid */
            credential_id: string;
            /** Format: uuid */
            service_agent_id: string;
            /** Format: date-time */
            expires_at: string | null;
        };
        IssuedApiKeyEnvelopeDto: {
            api_key: components["schemas"]["IssuedApiKeyDto"];
        };
        ApiKeySummaryDto: {
            /** Format: uuid */
            credential_id: string;
            /** @description agk_<prefix>, the public part only */
            prefix: string;
            scopes: string[];
            /** @enum {string} */
            status: "usable" | "expired" | "archived" | "revoked";
            /** Format: uuid */
            service_agent_id: string;
            /** Format: date-time */
            expires_at: string | null;
            /** Format: date-time */
            last_used_at: string | null;
            /** Format: date-time */
            inserted_at: string;
        };
        ApiKeySummaryEnvelopeDto: {
            api_key: components["schemas"]["ApiKeySummaryDto"];
        };
        AdminWorkspaceDto: {
            /** Format: uuid */
            id: string;
            name: string;
            slug: string;
            /** @enum {string} */
            status: "active" | "frozen" | "paused" | "archived";
            /** @enum {string} */
            plan: "free" | "team" | "enterprise";
        };
        AdminWorkspaceListDto: {
            workspaces: components["schemas"]["AdminWorkspaceDto"][];
            /** @description number of workspaces in this response */
            count: number;
            pagination: components["schemas"]["PaginationDto"];
        };
        UpdateWorkspaceDto: {
            /** @enum {string} */
            status?: "active" | "frozen" | "paused" | "archived";
            /** @enum {string} */
            plan?: "free" | "team" | "enterprise";
        };
        AdminWorkspaceEnvelopeDto: {
            workspace: components["schemas"]["AdminWorkspaceDto"];
        };
        IssueEnrollmentTokenDto: {
            /**
             * @description 1: single-use; more: a fleet token
             * @default 1
             */
            max_claims: number;
            /**
             * @description seconds
             * @default 86400
             */
            expires_in: number;
            /** @description when not empty, only these serial numbers may claim */
            serial_allowlist?: string[];
            /**
             * Format: uuid
             * @description a cohort of this workspace; a claim's robot joins it
             */
            cohort_id?: string;
            /** @description added to each claim's robot */
            default_tags?: string[];
            /** @description scopes of the credentials each claim issues; default: agent_commands:read, events:read, sockets:connect, messages:read, messages:write, tasks:read, tasks:write, traces:write */
            scopes?: ("traces:write" | "traces:read" | "eval_runs:read" | "eval_runs:write" | "eval_suites:read" | "eval_suites:write" | "gateway:check" | "replays:write" | "workflow_targets:read" | "workflow_targets:write" | "agent_commands:read" | "events:read" | "sockets:connect" | "credentials:write" | "messages:read" | "messages:write" | "tasks:read" | "tasks:write")[];
        };
        IssuedEnrollmentTokenDto: {
            /** Format: uuid */
            id: string;
            /**
             * @description identifies the token; not a secret
             * @example age_Xy3kq0VbT1c
             */
            prefix: string;
            /** @enum {string} */
            status: "usable" | "claimed" | "exhausted" | "revoked" | "expired";
            max_claims: number;
            claims_count: number;
            /** Format: date-time */
            expires_at: string;
            serial_allowlist: string[];
            /** Format: uuid */
            cohort_id: string | null;
            default_tags: string[];
            scopes: string[];
            /** Format: date-time */
            revoked_at: string | null;
            /**
             * Format: uuid
             * @description the user who issued it
             */
            created_by: string | null;
            /** Format: date-time */
            inserted_at: string;
            /** @description age_<prefix>.<secret>; shown only here */
            token: string;
        };
        IssuedEnrollmentTokenEnvelopeDto: {
            enrollment_token: components["schemas"]["IssuedEnrollmentTokenDto"];
        };
        EnrollmentTokenDto: {
            /** Format: uuid */
            id: string;
            /**
             * @description identifies the token; not a secret
             * @example age_Xy3kq0VbT1c
             */
            prefix: string;
            /** @enum {string} */
            status: "usable" | "claimed" | "exhausted" | "revoked" | "expired";
            max_claims: number;
            claims_count: number;
            /** Format: date-time */
            expires_at: string;
            serial_allowlist: string[];
            /** Format: uuid */
            cohort_id: string | null;
            default_tags: string[];
            scopes: string[];
            /** Format: date-time */
            revoked_at: string | null;
            /**
             * Format: uuid
             * @description the user who issued it
             */
            created_by: string | null;
            /** Format: date-time */
            inserted_at: string;
        };
        EnrollmentTokenListDto: {
            enrollment_tokens: components["schemas"]["EnrollmentTokenDto"][];
            /** @description number of tokens in this response */
            count: number;
            pagination: components["schemas"]["PaginationDto"];
        };
        EnrollmentTokenEnvelopeDto: {
            enrollment_token: components["schemas"]["EnrollmentTokenDto"];
        };
        PreRegisterRobotDto: {
            /** @description unique in the workspace; compared exactly */
            serial_number: string;
            name?: string;
        };
        RobotDto: {
            /** Format: uuid */
            id: string;
            serial_number: string;
            name: string | null;
            /** @enum {string} */
            status: "pending" | "active" | "retired";
            /**
             * Format: uuid
             * @description the agent a claim bound it to
             */
            service_agent_id: string | null;
            /** Format: uuid */
            cohort_id: string | null;
            tags: string[];
            /** Format: date-time */
            claimed_at: string | null;
            /** Format: date-time */
            retired_at: string | null;
            /** Format: date-time */
            inserted_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        RobotEnvelopeDto: {
            robot: components["schemas"]["RobotDto"];
        };
        RobotListDto: {
            robots: components["schemas"]["RobotDto"][];
            /** @description number of robots in this response */
            count: number;
            pagination: components["schemas"]["PaginationDto"];
        };
        CreateCohortDto: {
            /** @description unique in the workspace, ignoring case */
            name: string;
        };
        CohortDto: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @description robots in the cohort */
            robot_count: number;
            /** Format: date-time */
            inserted_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        CohortEnvelopeDto: {
            cohort: components["schemas"]["CohortDto"];
        };
        CohortListDto: {
            cohorts: components["schemas"]["CohortDto"][];
            /** @description number of cohorts in this response */
            count: number;
            pagination: components["schemas"]["PaginationDto"];
        };
        CohortShowDto: {
            cohort: components["schemas"]["CohortDto"];
            /** @description the robots of the cohort, newest first */
            members: components["schemas"]["RobotDto"][];
            /** @description number of members in this response */
            count: number;
            pagination: components["schemas"]["PaginationDto"];
        };
        ClaimEnrollmentDto: {
            /** @description age_<prefix>.<secret> */
            token: string;
            /** @description required for fleet tokens (max_claims > 1); selects the pre-registered robot */
            serial_number?: string;
            /** @description runtime metadata, stored on the service agent; at most 8192 bytes as JSON */
            agent?: {
                [key: string]: unknown;
            };
        };
        ClaimResponseDto: {
            /** @description the agent this claim created */
            service_agent: components["schemas"]["ServiceAgentSummaryDto"];
            /** @description the robot bound or created; null without a serial */
            robot: components["schemas"]["RobotDto"] | null;
            /** @description the new agent's agk_ key; shown once */
            api_key: components["schemas"]["ApiKeyDto"];
            /** @description 30-day token for the same credential; shown once */
            access_token: components["schemas"]["AccessTokenDto"];
            workspace: components["schemas"]["WorkspaceSummaryDto"];
        };
        SocketTokenResponseDto: {
            /**
             * @description scopes carried into the socket connection
             * @example [
             *       "sockets:connect",
             *       "events:read",
             *       "agent_commands:read"
             *     ]
             */
            scopes: string[];
            /**
             * @description websocket path to connect to
             * @example /socket
             */
            socket_path: string;
            /**
             * @description seconds until the socket token expires
             * @example 600
             */
            expires_in: number;
            /** Format: uuid */
            service_agent_id: string;
            /** Format: uuid */
            workspace_id: string;
            /** @description short-lived token for the socket_token connection parameter; shown once */
            socket_token: string;
        };
        CreateAgentCommandDto: {
            /**
             * Format: uuid
             * @description a visible, active service agent of the workspace
             */
            service_agent_id: string;
            /** @example reboot */
            name: string;
            /** @description any JSON object, at most 32768 bytes serialized; default {} */
            payload?: {
                [key: string]: unknown;
            };
        };
        AgentCommandDto: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            service_agent_id: string;
            name: string;
            payload: {
                [key: string]: unknown;
            };
            /** @enum {string} */
            status: "pending" | "delivered" | "succeeded" | "failed";
            /** @description what the agent reported with command_result */
            result: Record<string, unknown> | null;
            /**
             * Format: uuid
             * @description the operator who created it
             */
            created_by: string | null;
            /** Format: date-time */
            inserted_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        AgentCommandEnvelopeDto: {
            agent_command: components["schemas"]["AgentCommandDto"];
        };
        AgentCommandListDto: {
            agent_commands: components["schemas"]["AgentCommandDto"][];
            /** @description number of agent commands in this response */
            count: number;
        };
        CreateScimTokenDto: {
            /** @description a label for the token (default: "SCIM token") */
            name?: string;
        };
        IssuedScimTokenDto: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @description the bearer token for /scim/v2, shown once; stored only as SHA-256 */
            token: string;
            /** Format: date-time */
            created_at: string;
        };
        IssuedScimTokenEnvelopeDto: {
            scim_token: components["schemas"]["IssuedScimTokenDto"];
        };
        ScimTokenDto: {
            /** Format: uuid */
            id: string;
            name: string;
            /** Format: date-time */
            created_at: string;
            /**
             * Format: date-time
             * @description set within a minute of use
             */
            last_used_at: string | null;
        };
        ScimTokenListDto: {
            scim_tokens: components["schemas"]["ScimTokenDto"][];
            /** @description number of tokens in this response */
            count: number;
            pagination: components["schemas"]["PaginationDto"];
        };
        ScimGroupDto: {
            /** Format: uuid */
            id: string;
            display_name: string;
            external_id: string | null;
            /**
             * @description the workspace role the group grants its members
             * @enum {string|null}
             */
            role: "admin" | "member" | null;
            member_count: number;
            /** Format: date-time */
            inserted_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        ScimGroupListDto: {
            scim_groups: components["schemas"]["ScimGroupDto"][];
            /** @description number of groups in this response */
            count: number;
            pagination: components["schemas"]["PaginationDto"];
        };
        MapScimGroupDto: {
            /**
             * @description null: the group grants no role
             * @enum {string|null}
             */
            role: "admin" | "member" | null;
        };
        ScimGroupEnvelopeDto: {
            scim_group: components["schemas"]["ScimGroupDto"];
        };
        ScimSyncEventDto: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            operation: "create" | "replace" | "patch" | "delete";
            /** @enum {string} */
            resource_type: "User" | "Group";
            /** Format: uuid */
            resource_id: string | null;
            external_id: string | null;
            /** @enum {string} */
            status: "success" | "failure";
            /** @description the HTTP status the identity provider was answered */
            status_code: number;
            /** @description why a write was refused */
            detail: string | null;
            /** Format: date-time */
            inserted_at: string;
        };
        ScimSyncEventListDto: {
            scim_sync_events: components["schemas"]["ScimSyncEventDto"][];
            /** @description number of events in this response */
            count: number;
            pagination: components["schemas"]["PaginationDto"];
        };
        SpanDto: {
            /** @description unique within the trace; printable ASCII */
            span_id: string;
            /** @description the span_id of another span of this trace */
            parent_span_id?: string;
            name: string;
            /** Format: date-time */
            started_at: string;
            duration_ms: number;
            /**
             * @default ok
             * @enum {string}
             */
            status: "ok" | "error";
            attributes?: {
                [key: string]: unknown;
            };
        };
        CreateTraceDto: {
            /** @description unique in the workspace; generated when omitted (32 hex digits) */
            trace_id?: string;
            name: string;
            /** @enum {string} */
            status: "ok" | "error";
            /** Format: date-time */
            started_at: string;
            duration_ms: number;
            attributes?: {
                [key: string]: unknown;
            };
            spans?: components["schemas"]["SpanDto"][];
        };
        TraceDto: {
            /** Format: uuid */
            id: string;
            trace_id: string;
            /**
             * Format: uuid
             * @description the agent whose credential sent it
             */
            service_agent_id: string | null;
            name: string;
            /** @enum {string} */
            status: "ok" | "error";
            /** Format: date-time */
            started_at: string;
            duration_ms: number;
            attributes: {
                [key: string]: unknown;
            };
            span_count: number;
            /** Format: date-time */
            inserted_at: string;
        };
        TraceEnvelopeDto: {
            trace: components["schemas"]["TraceDto"];
        };
        StoredSpanDto: {
            span_id: string;
            parent_span_id: string | null;
            name: string;
            /** Format: date-time */
            started_at: string;
            duration_ms: number;
            /** @enum {string} */
            status: "ok" | "error";
            attributes: {
                [key: string]: unknown;
            };
        };
        TraceWithSpansDto: {
            /** Format: uuid */
            id: string;
            trace_id: string;
            /**
             * Format: uuid
             * @description the agent whose credential sent it
             */
            service_agent_id: string | null;
            name: string;
            /** @enum {string} */
            status: "ok" | "error";
            /** Format: date-time */
            started_at: string;
            duration_ms: number;
            attributes: {
                [key: string]: unknown;
            };
            span_count: number;
            /** Format: date-time */
            inserted_at: string;
            spans: components["schemas"]["StoredSpanDto"][];
        };
        TraceWithSpansEnvelopeDto: {
            trace: components["schemas"]["TraceWithSpansDto"];
        };
        TraceListDto: {
            traces: components["schemas"]["TraceDto"][];
            /** @description number of traces in this response */
            count: number;
            pagination: components["schemas"]["PaginationDto"];
        };
        EvalCaseDto: {
            /** @description any JSON value */
            input: Record<string, unknown>;
            /** @description any JSON value */
            expected?: Record<string, unknown>;
        };
        CreateEvalSuiteDto: {
            name: string;
            description?: string;
            cases?: components["schemas"]["EvalCaseDto"][];
        };
        EvalSuiteDto: {
            /** Format: uuid */
            id: string;
            name: string;
            description: string | null;
            cases: components["schemas"]["EvalCaseDto"][];
            /** Format: date-time */
            inserted_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        EvalSuiteEnvelopeDto: {
            eval_suite: components["schemas"]["EvalSuiteDto"];
        };
        EvalSuiteListDto: {
            eval_suites: components["schemas"]["EvalSuiteDto"][];
            /** @description number of suites in this response */
            count: number;
            pagination: components["schemas"]["PaginationDto"];
        };
        CreateEvalRunDto: {
            /**
             * Format: uuid
             * @description an eval suite of the workspace
             */
            eval_suite_id: string;
            metrics?: {
                [key: string]: unknown;
            };
        };
        EvalRunDto: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            eval_suite_id: string;
            /** Format: uuid */
            service_agent_id: string | null;
            /** @enum {string} */
            status: "queued" | "running" | "passed" | "failed" | "errored";
            score: number | null;
            metrics: {
                [key: string]: unknown;
            };
            /** Format: date-time */
            started_at: string | null;
            /** Format: date-time */
            finished_at: string | null;
            /** Format: date-time */
            inserted_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        EvalRunEnvelopeDto: {
            eval_run: components["schemas"]["EvalRunDto"];
        };
        UpdateEvalRunDto: {
            /**
             * @description queued -> running -> passed | failed | errored
             * @enum {string}
             */
            status: "queued" | "running" | "passed" | "failed" | "errored";
            score?: number;
            /** @description merged into the run's metrics */
            metrics?: {
                [key: string]: unknown;
            };
        };
        EvalRunListDto: {
            eval_runs: components["schemas"]["EvalRunDto"][];
            /** @description number of runs in this response */
            count: number;
            pagination: components["schemas"]["PaginationDto"];
        };
        SearchHitDto: {
            /** @enum {string} */
            kind: "trace" | "message" | "agent_command" | "event";
            /** Format: uuid */
            id: string;
            title: string;
            /** @description up to about 20 words around the matches, each match between « and » */
            snippet: string;
            /** Format: date-time */
            inserted_at: string;
        };
        SearchResultDto: {
            /** @description best match first, then newest */
            hits: components["schemas"]["SearchHitDto"][];
            /** @description number of hits in this response */
            count: number;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    MetricsController_index: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Prometheus text exposition format */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description token missing or invalid; WWW-Authenticate: Bearer realm="metrics" */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    HealthController_health: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HealthResponseDto"];
                };
            };
        };
    };
    HealthController_ready: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description ok or degraded */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReadyResponseDto"];
                };
            };
            /** @description a required check failed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReadyResponseDto"];
                };
            };
        };
    };
    AgentTokensController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description agk_ API key */
                "x-agent-api-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TokenExchangeDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenResponseDto"];
                };
            };
            /** @description an Authorization: Bearer header was sent */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description api_key_required, invalid_api_key, api_key_expired, api_key_archived, api_key_revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description service_agent_inactive, insufficient_scopes, or workspace refusal */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    RegisterController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RegisterDto"];
            };
        };
        responses: {
            /** @description the key and token are shown only here */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RegisterResponseDto"];
                };
            };
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    MessagesController_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageListDto"];
                };
            };
            /** @description invalid_limit or invalid_offset */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description insufficient scope, inactive agent or refused workspace */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    MessagesController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateMessageDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description insufficient scope, inactive agent or refused workspace */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    TasksController_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                status?: "pending" | "running" | "done" | "failed";
                /** @description wins over status */
                "filter[status]"?: "pending" | "running" | "done" | "failed";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaskListDto"];
                };
            };
            /** @description invalid_limit, invalid_offset or invalid_status */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description insufficient scope, inactive agent or refused workspace */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    TasksController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateTaskDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaskEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description insufficient scope, inactive agent or refused workspace */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    LoginController_form: {
        parameters: {
            query: {
                notice: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the login form */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    LoginController_submit: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description logged in: redirect to /app with the _agent_ops_key cookie */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description throttled: retry-after and a plain-text body */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    LoginController_logOut: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description logged out: redirect to the login page */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    PasswordResetController_form: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the form to request a reset link */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    PasswordResetController_submit: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the same confirmation panel in every case */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    PasswordResetController_resetForm: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the new-password form, or a dead-end panel for an unusable link */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    PasswordResetController_reset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description redirect to the login page on success; the form with errors otherwise */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AppPageController_home: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the workspace overview */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    AppPageController_keyPage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the current primary key by prefix, with generate, rotate and delete */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    AppPageController_rotate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the new key, shown once */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    AppPageController_delete: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description revoked; back to the key page */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    AppPageController_deleteForm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description revoked; back to the key page */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    OperatorController_me: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    OperatorController_list: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceAgentListDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    OperatorController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateServiceAgentDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceAgentEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description the plan's agent quota is reached */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    OperatorController_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateServiceAgentDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceAgentEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    OperatorController_issueKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["IssueApiKeyDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IssuedApiKeyEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    OperatorController_archive: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path: {
                credential_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeySummaryEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    OperatorController_revoke: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path: {
                credential_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeySummaryEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    AdminController_index: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminWorkspaceListDto"];
                };
            };
            /** @description invalid_limit or invalid_offset */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    AdminController_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateWorkspaceDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminWorkspaceEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    AdminController_page: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description workspaces with status, plan and actions */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    EnrollmentTokensController_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnrollmentTokenListDto"];
                };
            };
            /** @description invalid_limit or invalid_offset */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    EnrollmentTokensController_issue: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["IssueEnrollmentTokenDto"];
            };
        };
        responses: {
            /** @description the token is shown only here */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IssuedEnrollmentTokenEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    EnrollmentTokensController_revoke: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnrollmentTokenEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    RobotsController_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                status?: "pending" | "active" | "retired";
                /** @description wins over status */
                "filter[status]"?: "pending" | "active" | "retired";
            };
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description an invalid status is 400 invalid_status */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RobotListDto"];
                };
            };
            /** @description invalid_limit, invalid_offset or invalid_status */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    RobotsController_preRegister: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PreRegisterRobotDto"];
            };
        };
        responses: {
            /** @description a pending robot */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RobotEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description the plan's robot quota is reached */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    RobotsController_retire: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RobotEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    CohortsController_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CohortListDto"];
                };
            };
            /** @description invalid_limit or invalid_offset */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    CohortsController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateCohortDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CohortEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    CohortsController_show: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CohortShowDto"];
                };
            };
            /** @description invalid_limit or invalid_offset */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    EnrollmentClaimController_claim: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ClaimEnrollmentDto"];
            };
        };
        responses: {
            /** @description the key and token are shown only here */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClaimResponseDto"];
                };
            };
            /** @description serial_number_required, serial_not_allowed or serial_already_claimed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description invalid_enrollment_token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description workspace refused: error workspace_frozen, workspace_paused or workspace_archived */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description enrollment_claimed, enrollment_exhausted or enrollment_revoked */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description type slug enrollment-expired or robot-decommissioned */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    SocketTokensController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the socket token is shown only here */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SocketTokenResponseDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description insufficient scope, inactive agent or refused workspace */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    AgentCommandsController_list: {
        parameters: {
            query?: {
                limit?: number;
                status?: "pending" | "delivered" | "succeeded" | "failed";
                /** @description wins over status */
                "filter[status]"?: "pending" | "delivered" | "succeeded" | "failed";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentCommandListDto"];
                };
            };
            /** @description invalid_limit or invalid_status */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    AgentCommandsController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateAgentCommandDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentCommandEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description no such visible agent in the workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description service_agent_inactive */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    ScimUsersController_list: {
        parameters: {
            query?: {
                /** @description default 50, above 100 reads as 100, negative as 0 */
                count?: unknown;
                /** @description 1-based, default 1; below 1 reads as 1 */
                startIndex?: unknown;
                /** @description userName eq, emails.value eq (or emails[type eq "work"].value eq), externalId eq; anything else is ignored */
                filter?: unknown;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description a ListResponse in creation order */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        totalResults?: number;
                        /** @description 1-based */
                        startIndex?: number;
                        /** @description Resources returned, never more than 100 */
                        itemsPerPage?: number;
                        Resources?: {
                            schemas?: string[];
                            /** Format: uuid */
                            readonly id?: string;
                            /** @description unique per workspace, compared case-insensitively */
                            userName: string;
                            /** @description the identity provider's id for the user */
                            externalId?: string;
                            /** @description the user's name */
                            name?: {
                                /** @description the full name, formatted for display */
                                formatted?: string;
                                /** @description the family name */
                                familyName?: string;
                                /** @description the given name */
                                givenName?: string;
                            };
                            /** @description the name shown to operators */
                            displayName?: string;
                            /** @description email addresses; the primary one (else the first, else userName) is the login email */
                            emails?: {
                                /** @description the email address */
                                value?: string;
                                /** @description work, home or other */
                                type?: string;
                                /** @description whether this is the login email */
                                primary?: boolean;
                                /** @description a display label */
                                display?: string;
                            }[];
                            /** @description false suspends the membership in this workspace (and an account SCIM created) */
                            active?: boolean;
                            /** @description the groups the user belongs to (change them through /Groups) */
                            readonly groups?: {
                                /** @description the id of the group */
                                readonly value?: string;
                                /** @description the URI of the group */
                                readonly $ref?: string;
                                /** @description the group's display name */
                                readonly display?: string;
                            }[];
                            "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User"?: {
                                /** @description employee number */
                                employeeNumber?: string;
                                /** @description cost center */
                                costCenter?: string;
                                /** @description organization */
                                organization?: string;
                                /** @description division */
                                division?: string;
                                /** @description department */
                                department?: string;
                                /** @description the user's manager */
                                manager?: {
                                    /** @description the manager's id */
                                    value?: string;
                                    /** @description the manager's URI */
                                    $ref?: string;
                                    /** @description the manager's display name */
                                    readonly displayName?: string;
                                };
                            };
                            readonly meta?: {
                                resourceType?: string;
                                /** Format: date-time */
                                created?: string;
                                /** Format: date-time */
                                lastModified?: string;
                                location?: string;
                                /** @description W/"<n>", moves on every change */
                                version?: string;
                            };
                        }[];
                    };
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    ScimUsersController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/scim+json": {
                    schemas?: string[];
                    /** Format: uuid */
                    readonly id?: string;
                    /** @description unique per workspace, compared case-insensitively */
                    userName: string;
                    /** @description the identity provider's id for the user */
                    externalId?: string;
                    /** @description the user's name */
                    name?: {
                        /** @description the full name, formatted for display */
                        formatted?: string;
                        /** @description the family name */
                        familyName?: string;
                        /** @description the given name */
                        givenName?: string;
                    };
                    /** @description the name shown to operators */
                    displayName?: string;
                    /** @description email addresses; the primary one (else the first, else userName) is the login email */
                    emails?: {
                        /** @description the email address */
                        value?: string;
                        /** @description work, home or other */
                        type?: string;
                        /** @description whether this is the login email */
                        primary?: boolean;
                        /** @description a display label */
                        display?: string;
                    }[];
                    /** @description false suspends the membership in this workspace (and an account SCIM created) */
                    active?: boolean;
                    /** @description the groups the user belongs to (change them through /Groups) */
                    readonly groups?: {
                        /** @description the id of the group */
                        readonly value?: string;
                        /** @description the URI of the group */
                        readonly $ref?: string;
                        /** @description the group's display name */
                        readonly display?: string;
                    }[];
                    "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User"?: {
                        /** @description employee number */
                        employeeNumber?: string;
                        /** @description cost center */
                        costCenter?: string;
                        /** @description organization */
                        organization?: string;
                        /** @description division */
                        division?: string;
                        /** @description department */
                        department?: string;
                        /** @description the user's manager */
                        manager?: {
                            /** @description the manager's id */
                            value?: string;
                            /** @description the manager's URI */
                            $ref?: string;
                            /** @description the manager's display name */
                            readonly displayName?: string;
                        };
                    };
                    readonly meta?: {
                        resourceType?: string;
                        /** Format: date-time */
                        created?: string;
                        /** Format: date-time */
                        lastModified?: string;
                        location?: string;
                        /** @description W/"<n>", moves on every change */
                        version?: string;
                    };
                };
                "application/json": {
                    schemas?: string[];
                    /** Format: uuid */
                    readonly id?: string;
                    /** @description unique per workspace, compared case-insensitively */
                    userName: string;
                    /** @description the identity provider's id for the user */
                    externalId?: string;
                    /** @description the user's name */
                    name?: {
                        /** @description the full name, formatted for display */
                        formatted?: string;
                        /** @description the family name */
                        familyName?: string;
                        /** @description the given name */
                        givenName?: string;
                    };
                    /** @description the name shown to operators */
                    displayName?: string;
                    /** @description email addresses; the primary one (else the first, else userName) is the login email */
                    emails?: {
                        /** @description the email address */
                        value?: string;
                        /** @description work, home or other */
                        type?: string;
                        /** @description whether this is the login email */
                        primary?: boolean;
                        /** @description a display label */
                        display?: string;
                    }[];
                    /** @description false suspends the membership in this workspace (and an account SCIM created) */
                    active?: boolean;
                    /** @description the groups the user belongs to (change them through /Groups) */
                    readonly groups?: {
                        /** @description the id of the group */
                        readonly value?: string;
                        /** @description the URI of the group */
                        readonly $ref?: string;
                        /** @description the group's display name */
                        readonly display?: string;
                    }[];
                    "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User"?: {
                        /** @description employee number */
                        employeeNumber?: string;
                        /** @description cost center */
                        costCenter?: string;
                        /** @description organization */
                        organization?: string;
                        /** @description division */
                        division?: string;
                        /** @description department */
                        department?: string;
                        /** @description the user's manager */
                        manager?: {
                            /** @description the manager's id */
                            value?: string;
                            /** @description the manager's URI */
                            $ref?: string;
                            /** @description the manager's display name */
                            readonly displayName?: string;
                        };
                    };
                    readonly meta?: {
                        resourceType?: string;
                        /** Format: date-time */
                        created?: string;
                        /** Format: date-time */
                        lastModified?: string;
                        location?: string;
                        /** @description W/"<n>", moves on every change */
                        version?: string;
                    };
                };
            };
        };
        responses: {
            /** @description the User, with Location */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** Format: uuid */
                        readonly id?: string;
                        /** @description unique per workspace, compared case-insensitively */
                        userName: string;
                        /** @description the identity provider's id for the user */
                        externalId?: string;
                        /** @description the user's name */
                        name?: {
                            /** @description the full name, formatted for display */
                            formatted?: string;
                            /** @description the family name */
                            familyName?: string;
                            /** @description the given name */
                            givenName?: string;
                        };
                        /** @description the name shown to operators */
                        displayName?: string;
                        /** @description email addresses; the primary one (else the first, else userName) is the login email */
                        emails?: {
                            /** @description the email address */
                            value?: string;
                            /** @description work, home or other */
                            type?: string;
                            /** @description whether this is the login email */
                            primary?: boolean;
                            /** @description a display label */
                            display?: string;
                        }[];
                        /** @description false suspends the membership in this workspace (and an account SCIM created) */
                        active?: boolean;
                        /** @description the groups the user belongs to (change them through /Groups) */
                        readonly groups?: {
                            /** @description the id of the group */
                            readonly value?: string;
                            /** @description the URI of the group */
                            readonly $ref?: string;
                            /** @description the group's display name */
                            readonly display?: string;
                        }[];
                        "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User"?: {
                            /** @description employee number */
                            employeeNumber?: string;
                            /** @description cost center */
                            costCenter?: string;
                            /** @description organization */
                            organization?: string;
                            /** @description division */
                            division?: string;
                            /** @description department */
                            department?: string;
                            /** @description the user's manager */
                            manager?: {
                                /** @description the manager's id */
                                value?: string;
                                /** @description the manager's URI */
                                $ref?: string;
                                /** @description the manager's display name */
                                readonly displayName?: string;
                            };
                        };
                        readonly meta?: {
                            resourceType?: string;
                            /** Format: date-time */
                            created?: string;
                            /** Format: date-time */
                            lastModified?: string;
                            location?: string;
                            /** @description W/"<n>", moves on every change */
                            version?: string;
                        };
                    };
                };
            };
            /** @description invalidValue, invalidSyntax, noTarget or mutability */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description the workspace owner's membership cannot be suspended or removed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
            /** @description uniqueness */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
        };
    };
    ScimUsersController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the User */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** Format: uuid */
                        readonly id?: string;
                        /** @description unique per workspace, compared case-insensitively */
                        userName: string;
                        /** @description the identity provider's id for the user */
                        externalId?: string;
                        /** @description the user's name */
                        name?: {
                            /** @description the full name, formatted for display */
                            formatted?: string;
                            /** @description the family name */
                            familyName?: string;
                            /** @description the given name */
                            givenName?: string;
                        };
                        /** @description the name shown to operators */
                        displayName?: string;
                        /** @description email addresses; the primary one (else the first, else userName) is the login email */
                        emails?: {
                            /** @description the email address */
                            value?: string;
                            /** @description work, home or other */
                            type?: string;
                            /** @description whether this is the login email */
                            primary?: boolean;
                            /** @description a display label */
                            display?: string;
                        }[];
                        /** @description false suspends the membership in this workspace (and an account SCIM created) */
                        active?: boolean;
                        /** @description the groups the user belongs to (change them through /Groups) */
                        readonly groups?: {
                            /** @description the id of the group */
                            readonly value?: string;
                            /** @description the URI of the group */
                            readonly $ref?: string;
                            /** @description the group's display name */
                            readonly display?: string;
                        }[];
                        "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User"?: {
                            /** @description employee number */
                            employeeNumber?: string;
                            /** @description cost center */
                            costCenter?: string;
                            /** @description organization */
                            organization?: string;
                            /** @description division */
                            division?: string;
                            /** @description department */
                            department?: string;
                            /** @description the user's manager */
                            manager?: {
                                /** @description the manager's id */
                                value?: string;
                                /** @description the manager's URI */
                                $ref?: string;
                                /** @description the manager's display name */
                                readonly displayName?: string;
                            };
                        };
                        readonly meta?: {
                            resourceType?: string;
                            /** Format: date-time */
                            created?: string;
                            /** Format: date-time */
                            lastModified?: string;
                            location?: string;
                            /** @description W/"<n>", moves on every change */
                            version?: string;
                        };
                    };
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description unknown id, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
        };
    };
    ScimUsersController_replace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/scim+json": {
                    schemas?: string[];
                    /** Format: uuid */
                    readonly id?: string;
                    /** @description unique per workspace, compared case-insensitively */
                    userName: string;
                    /** @description the identity provider's id for the user */
                    externalId?: string;
                    /** @description the user's name */
                    name?: {
                        /** @description the full name, formatted for display */
                        formatted?: string;
                        /** @description the family name */
                        familyName?: string;
                        /** @description the given name */
                        givenName?: string;
                    };
                    /** @description the name shown to operators */
                    displayName?: string;
                    /** @description email addresses; the primary one (else the first, else userName) is the login email */
                    emails?: {
                        /** @description the email address */
                        value?: string;
                        /** @description work, home or other */
                        type?: string;
                        /** @description whether this is the login email */
                        primary?: boolean;
                        /** @description a display label */
                        display?: string;
                    }[];
                    /** @description false suspends the membership in this workspace (and an account SCIM created) */
                    active?: boolean;
                    /** @description the groups the user belongs to (change them through /Groups) */
                    readonly groups?: {
                        /** @description the id of the group */
                        readonly value?: string;
                        /** @description the URI of the group */
                        readonly $ref?: string;
                        /** @description the group's display name */
                        readonly display?: string;
                    }[];
                    "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User"?: {
                        /** @description employee number */
                        employeeNumber?: string;
                        /** @description cost center */
                        costCenter?: string;
                        /** @description organization */
                        organization?: string;
                        /** @description division */
                        division?: string;
                        /** @description department */
                        department?: string;
                        /** @description the user's manager */
                        manager?: {
                            /** @description the manager's id */
                            value?: string;
                            /** @description the manager's URI */
                            $ref?: string;
                            /** @description the manager's display name */
                            readonly displayName?: string;
                        };
                    };
                    readonly meta?: {
                        resourceType?: string;
                        /** Format: date-time */
                        created?: string;
                        /** Format: date-time */
                        lastModified?: string;
                        location?: string;
                        /** @description W/"<n>", moves on every change */
                        version?: string;
                    };
                };
                "application/json": {
                    schemas?: string[];
                    /** Format: uuid */
                    readonly id?: string;
                    /** @description unique per workspace, compared case-insensitively */
                    userName: string;
                    /** @description the identity provider's id for the user */
                    externalId?: string;
                    /** @description the user's name */
                    name?: {
                        /** @description the full name, formatted for display */
                        formatted?: string;
                        /** @description the family name */
                        familyName?: string;
                        /** @description the given name */
                        givenName?: string;
                    };
                    /** @description the name shown to operators */
                    displayName?: string;
                    /** @description email addresses; the primary one (else the first, else userName) is the login email */
                    emails?: {
                        /** @description the email address */
                        value?: string;
                        /** @description work, home or other */
                        type?: string;
                        /** @description whether this is the login email */
                        primary?: boolean;
                        /** @description a display label */
                        display?: string;
                    }[];
                    /** @description false suspends the membership in this workspace (and an account SCIM created) */
                    active?: boolean;
                    /** @description the groups the user belongs to (change them through /Groups) */
                    readonly groups?: {
                        /** @description the id of the group */
                        readonly value?: string;
                        /** @description the URI of the group */
                        readonly $ref?: string;
                        /** @description the group's display name */
                        readonly display?: string;
                    }[];
                    "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User"?: {
                        /** @description employee number */
                        employeeNumber?: string;
                        /** @description cost center */
                        costCenter?: string;
                        /** @description organization */
                        organization?: string;
                        /** @description division */
                        division?: string;
                        /** @description department */
                        department?: string;
                        /** @description the user's manager */
                        manager?: {
                            /** @description the manager's id */
                            value?: string;
                            /** @description the manager's URI */
                            $ref?: string;
                            /** @description the manager's display name */
                            readonly displayName?: string;
                        };
                    };
                    readonly meta?: {
                        resourceType?: string;
                        /** Format: date-time */
                        created?: string;
                        /** Format: date-time */
                        lastModified?: string;
                        location?: string;
                        /** @description W/"<n>", moves on every change */
                        version?: string;
                    };
                };
            };
        };
        responses: {
            /** @description the User */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** Format: uuid */
                        readonly id?: string;
                        /** @description unique per workspace, compared case-insensitively */
                        userName: string;
                        /** @description the identity provider's id for the user */
                        externalId?: string;
                        /** @description the user's name */
                        name?: {
                            /** @description the full name, formatted for display */
                            formatted?: string;
                            /** @description the family name */
                            familyName?: string;
                            /** @description the given name */
                            givenName?: string;
                        };
                        /** @description the name shown to operators */
                        displayName?: string;
                        /** @description email addresses; the primary one (else the first, else userName) is the login email */
                        emails?: {
                            /** @description the email address */
                            value?: string;
                            /** @description work, home or other */
                            type?: string;
                            /** @description whether this is the login email */
                            primary?: boolean;
                            /** @description a display label */
                            display?: string;
                        }[];
                        /** @description false suspends the membership in this workspace (and an account SCIM created) */
                        active?: boolean;
                        /** @description the groups the user belongs to (change them through /Groups) */
                        readonly groups?: {
                            /** @description the id of the group */
                            readonly value?: string;
                            /** @description the URI of the group */
                            readonly $ref?: string;
                            /** @description the group's display name */
                            readonly display?: string;
                        }[];
                        "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User"?: {
                            /** @description employee number */
                            employeeNumber?: string;
                            /** @description cost center */
                            costCenter?: string;
                            /** @description organization */
                            organization?: string;
                            /** @description division */
                            division?: string;
                            /** @description department */
                            department?: string;
                            /** @description the user's manager */
                            manager?: {
                                /** @description the manager's id */
                                value?: string;
                                /** @description the manager's URI */
                                $ref?: string;
                                /** @description the manager's display name */
                                readonly displayName?: string;
                            };
                        };
                        readonly meta?: {
                            resourceType?: string;
                            /** Format: date-time */
                            created?: string;
                            /** Format: date-time */
                            lastModified?: string;
                            location?: string;
                            /** @description W/"<n>", moves on every change */
                            version?: string;
                        };
                    };
                };
            };
            /** @description invalidValue, invalidSyntax, noTarget or mutability */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description the workspace owner's membership cannot be suspended or removed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
            /** @description unknown id, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
            /** @description uniqueness */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
        };
    };
    ScimUsersController_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": Record<string, unknown>;
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description the workspace owner's membership cannot be suspended or removed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
            /** @description unknown id, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
        };
    };
    ScimUsersController_patch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/scim+json": {
                    schemas?: string[];
                    Operations: {
                        /** @description add, remove or replace, in any case */
                        op: string;
                        /** @description e.g. active, name.givenName, emails[type eq "work"].value, members[value eq "<id>"] */
                        path?: string;
                        /** @description any JSON value; a path-less add or replace takes an object of attributes */
                        value?: unknown;
                    }[];
                };
                "application/json": {
                    schemas?: string[];
                    Operations: {
                        /** @description add, remove or replace, in any case */
                        op: string;
                        /** @description e.g. active, name.givenName, emails[type eq "work"].value, members[value eq "<id>"] */
                        path?: string;
                        /** @description any JSON value; a path-less add or replace takes an object of attributes */
                        value?: unknown;
                    }[];
                };
            };
        };
        responses: {
            /** @description the User after the operations */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** Format: uuid */
                        readonly id?: string;
                        /** @description unique per workspace, compared case-insensitively */
                        userName: string;
                        /** @description the identity provider's id for the user */
                        externalId?: string;
                        /** @description the user's name */
                        name?: {
                            /** @description the full name, formatted for display */
                            formatted?: string;
                            /** @description the family name */
                            familyName?: string;
                            /** @description the given name */
                            givenName?: string;
                        };
                        /** @description the name shown to operators */
                        displayName?: string;
                        /** @description email addresses; the primary one (else the first, else userName) is the login email */
                        emails?: {
                            /** @description the email address */
                            value?: string;
                            /** @description work, home or other */
                            type?: string;
                            /** @description whether this is the login email */
                            primary?: boolean;
                            /** @description a display label */
                            display?: string;
                        }[];
                        /** @description false suspends the membership in this workspace (and an account SCIM created) */
                        active?: boolean;
                        /** @description the groups the user belongs to (change them through /Groups) */
                        readonly groups?: {
                            /** @description the id of the group */
                            readonly value?: string;
                            /** @description the URI of the group */
                            readonly $ref?: string;
                            /** @description the group's display name */
                            readonly display?: string;
                        }[];
                        "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User"?: {
                            /** @description employee number */
                            employeeNumber?: string;
                            /** @description cost center */
                            costCenter?: string;
                            /** @description organization */
                            organization?: string;
                            /** @description division */
                            division?: string;
                            /** @description department */
                            department?: string;
                            /** @description the user's manager */
                            manager?: {
                                /** @description the manager's id */
                                value?: string;
                                /** @description the manager's URI */
                                $ref?: string;
                                /** @description the manager's display name */
                                readonly displayName?: string;
                            };
                        };
                        readonly meta?: {
                            resourceType?: string;
                            /** Format: date-time */
                            created?: string;
                            /** Format: date-time */
                            lastModified?: string;
                            location?: string;
                            /** @description W/"<n>", moves on every change */
                            version?: string;
                        };
                    };
                };
            };
            /** @description invalidValue, invalidSyntax, noTarget or mutability */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description the workspace owner's membership cannot be suspended or removed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
            /** @description unknown id, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
            /** @description uniqueness */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
        };
    };
    ScimGroupsController_list: {
        parameters: {
            query?: {
                /** @description members: leave the members out of the response */
                excludedAttributes?: unknown;
                /** @description default 50, at most 100 */
                count?: unknown;
                /** @description 1-based, default 1 */
                startIndex?: unknown;
                /** @description ignored, unless SCIM_GROUP_FILTERS=true: then displayName eq and externalId eq */
                filter?: unknown;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description a ListResponse in creation order */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        totalResults?: number;
                        /** @description 1-based */
                        startIndex?: number;
                        /** @description Resources returned, never more than 100 */
                        itemsPerPage?: number;
                        Resources?: {
                            schemas?: string[];
                            /** Format: uuid */
                            readonly id?: string;
                            /** @description unique per workspace, compared case-insensitively */
                            displayName: string;
                            /** @description the identity provider's id for the group */
                            externalId?: string;
                            /** @description the users in the group (ids of this workspace; others are skipped) */
                            members?: {
                                /** @description the id of the user */
                                value?: string;
                                /** @description the URI of the user */
                                $ref?: string;
                                /** @description the user's display name */
                                readonly display?: string;
                            }[];
                            readonly meta?: {
                                resourceType?: string;
                                /** Format: date-time */
                                created?: string;
                                /** Format: date-time */
                                lastModified?: string;
                                location?: string;
                                /** @description W/"<n>", moves on every change */
                                version?: string;
                            };
                        }[];
                    };
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    ScimGroupsController_create: {
        parameters: {
            query?: {
                /** @description members: leave the members out of the response */
                excludedAttributes?: unknown;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/scim+json": {
                    schemas?: string[];
                    /** Format: uuid */
                    readonly id?: string;
                    /** @description unique per workspace, compared case-insensitively */
                    displayName: string;
                    /** @description the identity provider's id for the group */
                    externalId?: string;
                    /** @description the users in the group (ids of this workspace; others are skipped) */
                    members?: {
                        /** @description the id of the user */
                        value?: string;
                        /** @description the URI of the user */
                        $ref?: string;
                        /** @description the user's display name */
                        readonly display?: string;
                    }[];
                    readonly meta?: {
                        resourceType?: string;
                        /** Format: date-time */
                        created?: string;
                        /** Format: date-time */
                        lastModified?: string;
                        location?: string;
                        /** @description W/"<n>", moves on every change */
                        version?: string;
                    };
                };
                "application/json": {
                    schemas?: string[];
                    /** Format: uuid */
                    readonly id?: string;
                    /** @description unique per workspace, compared case-insensitively */
                    displayName: string;
                    /** @description the identity provider's id for the group */
                    externalId?: string;
                    /** @description the users in the group (ids of this workspace; others are skipped) */
                    members?: {
                        /** @description the id of the user */
                        value?: string;
                        /** @description the URI of the user */
                        $ref?: string;
                        /** @description the user's display name */
                        readonly display?: string;
                    }[];
                    readonly meta?: {
                        resourceType?: string;
                        /** Format: date-time */
                        created?: string;
                        /** Format: date-time */
                        lastModified?: string;
                        location?: string;
                        /** @description W/"<n>", moves on every change */
                        version?: string;
                    };
                };
            };
        };
        responses: {
            /** @description the Group, with Location */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** Format: uuid */
                        readonly id?: string;
                        /** @description unique per workspace, compared case-insensitively */
                        displayName: string;
                        /** @description the identity provider's id for the group */
                        externalId?: string;
                        /** @description the users in the group (ids of this workspace; others are skipped) */
                        members?: {
                            /** @description the id of the user */
                            value?: string;
                            /** @description the URI of the user */
                            $ref?: string;
                            /** @description the user's display name */
                            readonly display?: string;
                        }[];
                        readonly meta?: {
                            resourceType?: string;
                            /** Format: date-time */
                            created?: string;
                            /** Format: date-time */
                            lastModified?: string;
                            location?: string;
                            /** @description W/"<n>", moves on every change */
                            version?: string;
                        };
                    };
                };
            };
            /** @description invalidValue, invalidSyntax, noTarget or mutability */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description uniqueness */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
        };
    };
    ScimGroupsController_get: {
        parameters: {
            query?: {
                /** @description members: leave the members out of the response */
                excludedAttributes?: unknown;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the Group */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** Format: uuid */
                        readonly id?: string;
                        /** @description unique per workspace, compared case-insensitively */
                        displayName: string;
                        /** @description the identity provider's id for the group */
                        externalId?: string;
                        /** @description the users in the group (ids of this workspace; others are skipped) */
                        members?: {
                            /** @description the id of the user */
                            value?: string;
                            /** @description the URI of the user */
                            $ref?: string;
                            /** @description the user's display name */
                            readonly display?: string;
                        }[];
                        readonly meta?: {
                            resourceType?: string;
                            /** Format: date-time */
                            created?: string;
                            /** Format: date-time */
                            lastModified?: string;
                            location?: string;
                            /** @description W/"<n>", moves on every change */
                            version?: string;
                        };
                    };
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description unknown id, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
        };
    };
    ScimGroupsController_replace: {
        parameters: {
            query?: {
                /** @description members: leave the members out of the response */
                excludedAttributes?: unknown;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/scim+json": {
                    schemas?: string[];
                    /** Format: uuid */
                    readonly id?: string;
                    /** @description unique per workspace, compared case-insensitively */
                    displayName: string;
                    /** @description the identity provider's id for the group */
                    externalId?: string;
                    /** @description the users in the group (ids of this workspace; others are skipped) */
                    members?: {
                        /** @description the id of the user */
                        value?: string;
                        /** @description the URI of the user */
                        $ref?: string;
                        /** @description the user's display name */
                        readonly display?: string;
                    }[];
                    readonly meta?: {
                        resourceType?: string;
                        /** Format: date-time */
                        created?: string;
                        /** Format: date-time */
                        lastModified?: string;
                        location?: string;
                        /** @description W/"<n>", moves on every change */
                        version?: string;
                    };
                };
                "application/json": {
                    schemas?: string[];
                    /** Format: uuid */
                    readonly id?: string;
                    /** @description unique per workspace, compared case-insensitively */
                    displayName: string;
                    /** @description the identity provider's id for the group */
                    externalId?: string;
                    /** @description the users in the group (ids of this workspace; others are skipped) */
                    members?: {
                        /** @description the id of the user */
                        value?: string;
                        /** @description the URI of the user */
                        $ref?: string;
                        /** @description the user's display name */
                        readonly display?: string;
                    }[];
                    readonly meta?: {
                        resourceType?: string;
                        /** Format: date-time */
                        created?: string;
                        /** Format: date-time */
                        lastModified?: string;
                        location?: string;
                        /** @description W/"<n>", moves on every change */
                        version?: string;
                    };
                };
            };
        };
        responses: {
            /** @description the Group */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** Format: uuid */
                        readonly id?: string;
                        /** @description unique per workspace, compared case-insensitively */
                        displayName: string;
                        /** @description the identity provider's id for the group */
                        externalId?: string;
                        /** @description the users in the group (ids of this workspace; others are skipped) */
                        members?: {
                            /** @description the id of the user */
                            value?: string;
                            /** @description the URI of the user */
                            $ref?: string;
                            /** @description the user's display name */
                            readonly display?: string;
                        }[];
                        readonly meta?: {
                            resourceType?: string;
                            /** Format: date-time */
                            created?: string;
                            /** Format: date-time */
                            lastModified?: string;
                            location?: string;
                            /** @description W/"<n>", moves on every change */
                            version?: string;
                        };
                    };
                };
            };
            /** @description invalidValue, invalidSyntax, noTarget or mutability */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description unknown id, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
            /** @description uniqueness */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
        };
    };
    ScimGroupsController_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": Record<string, unknown>;
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description unknown id, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
        };
    };
    ScimGroupsController_patch: {
        parameters: {
            query?: {
                /** @description members: leave the members out of the response */
                excludedAttributes?: unknown;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/scim+json": {
                    schemas?: string[];
                    Operations: {
                        /** @description add, remove or replace, in any case */
                        op: string;
                        /** @description e.g. active, name.givenName, emails[type eq "work"].value, members[value eq "<id>"] */
                        path?: string;
                        /** @description any JSON value; a path-less add or replace takes an object of attributes */
                        value?: unknown;
                    }[];
                };
                "application/json": {
                    schemas?: string[];
                    Operations: {
                        /** @description add, remove or replace, in any case */
                        op: string;
                        /** @description e.g. active, name.givenName, emails[type eq "work"].value, members[value eq "<id>"] */
                        path?: string;
                        /** @description any JSON value; a path-less add or replace takes an object of attributes */
                        value?: unknown;
                    }[];
                };
            };
        };
        responses: {
            /** @description the Group after the operations */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** Format: uuid */
                        readonly id?: string;
                        /** @description unique per workspace, compared case-insensitively */
                        displayName: string;
                        /** @description the identity provider's id for the group */
                        externalId?: string;
                        /** @description the users in the group (ids of this workspace; others are skipped) */
                        members?: {
                            /** @description the id of the user */
                            value?: string;
                            /** @description the URI of the user */
                            $ref?: string;
                            /** @description the user's display name */
                            readonly display?: string;
                        }[];
                        readonly meta?: {
                            resourceType?: string;
                            /** Format: date-time */
                            created?: string;
                            /** Format: date-time */
                            lastModified?: string;
                            location?: string;
                            /** @description W/"<n>", moves on every change */
                            version?: string;
                        };
                    };
                };
            };
            /** @description invalidValue, invalidSyntax, noTarget or mutability */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description unknown id, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
            /** @description uniqueness */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
        };
    };
    ScimDiscoveryController_serviceProviderConfig: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description patch and filter supported (maxResults 100); bulk, sort, etag and changePassword not */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": Record<string, unknown>;
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    ScimDiscoveryController_resourceTypes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description User and Group */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": Record<string, unknown>;
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    ScimDiscoveryController_resourceType: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description one resource type */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": Record<string, unknown>;
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description unknown id, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
        };
    };
    ScimDiscoveryController_schemas: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the User, enterprise User and Group schemas, every attribute the resources return */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": Record<string, unknown>;
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    ScimDiscoveryController_schema: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description one schema, by its URN */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": Record<string, unknown>;
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description unknown id, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas?: string[];
                        /** @description the HTTP status, as a string (RFC 7644 3.12) */
                        status?: string;
                        /** @enum {string} */
                        scimType?: "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "noTarget" | "mutability";
                        detail?: string;
                    };
                };
            };
        };
    };
    ScimOperatorController_listTokens: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScimTokenListDto"];
                };
            };
            /** @description invalid_limit or invalid_offset */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    ScimOperatorController_createToken: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateScimTokenDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IssuedScimTokenEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    ScimOperatorController_revokeToken: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description revoked */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    ScimOperatorController_listGroups: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScimGroupListDto"];
                };
            };
            /** @description invalid_limit or invalid_offset */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    ScimOperatorController_mapGroup: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MapScimGroupDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScimGroupEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    ScimOperatorController_listEvents: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                status?: "success" | "failure";
                /** @description wins over status */
                "filter[status]"?: "success" | "failure";
                resource_type?: "User" | "Group";
                /** @description wins over resource_type */
                "filter[resource_type]"?: "User" | "Group";
                operation?: "create" | "replace" | "patch" | "delete";
                /** @description wins over operation */
                "filter[operation]"?: "create" | "replace" | "patch" | "delete";
            };
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description an invalid filter value is 400 invalid_<filter> */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScimSyncEventListDto"];
                };
            };
            /** @description invalid_limit, invalid_offset, invalid_status, invalid_resource_type or invalid_operation */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    ScimAdminPageController_page: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description SCIM tokens and recent SCIM writes */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    ScimAdminPageController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateScimTokenDto"];
            };
        };
        responses: {
            /** @description the new token, shown once */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    ScimAdminPageController_revoke: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description revoked; back to the page */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    TracesController_ingest: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateTraceDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TraceEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description insufficient scope, inactive agent or refused workspace */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description the body is over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    TracesController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TraceWithSpansEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description insufficient scope, inactive agent or refused workspace */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    OperatorTracesController_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                "filter[status]"?: "ok" | "error";
                "filter[service_agent_id]"?: string;
            };
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TraceListDto"];
                };
            };
            /** @description invalid_limit, invalid_offset, invalid_status or invalid_service_agent_id */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    OperatorTracesController_get: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TraceWithSpansEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    TracesPageController_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description traces, newest first, with status and agent filters */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    TracesPageController_show: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description a trace with the waterfall of its spans */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    EvalSuitesController_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EvalSuiteListDto"];
                };
            };
            /** @description invalid_limit or invalid_offset */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description insufficient scope, inactive agent or refused workspace */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    EvalSuitesController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateEvalSuiteDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EvalSuiteEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description insufficient scope, inactive agent or refused workspace */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    EvalSuitesController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EvalSuiteEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description insufficient scope, inactive agent or refused workspace */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    EvalRunsController_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                "filter[status]"?: "queued" | "running" | "passed" | "failed" | "errored";
                "filter[eval_suite_id]"?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EvalRunListDto"];
                };
            };
            /** @description invalid_limit, invalid_offset, invalid_status or invalid_eval_suite_id */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description insufficient scope, inactive agent or refused workspace */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    EvalRunsController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateEvalRunDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EvalRunEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description insufficient scope, inactive agent or refused workspace */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    EvalRunsController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EvalRunEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description insufficient scope, inactive agent or refused workspace */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    EvalRunsController_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateEvalRunDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EvalRunEnvelopeDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description insufficient scope, inactive agent or refused workspace */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description not found, or not in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description invalid_transition */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    OperatorEvalsController_listSuites: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EvalSuiteListDto"];
                };
            };
            /** @description invalid_limit or invalid_offset */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    OperatorEvalsController_listRuns: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                "filter[status]"?: "queued" | "running" | "passed" | "failed" | "errored";
                "filter[eval_suite_id]"?: string;
            };
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EvalRunListDto"];
                };
            };
            /** @description invalid_limit, invalid_offset, invalid_status or invalid_eval_suite_id */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    EvalsPageController_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description eval runs with status and score */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    SearchController_find: {
        parameters: {
            query: {
                limit?: number;
                kind?: "trace" | "message" | "agent_command" | "event";
                /** @description wins over kind */
                "filter[kind]"?: "trace" | "message" | "agent_command" | "event";
                /** @description 1 to 200 characters, web-search syntax: words, "a phrase", -not, or */
                q: unknown;
            };
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SearchResultDto"];
                };
            };
            /**
             * @description invalid_q, invalid_kind or invalid_limit
             *
             *     invalid_limit or invalid_kind
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    SearchPageController_page: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the search form, and its hits when q is given */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description problem body (application/problem+json) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": components["schemas"]["ProblemDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
}
