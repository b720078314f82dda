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
    "/api/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["EventsController_list"];
        put?: never;
        post?: never;
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
    "/app/agents/workspace-key/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AppPageController_confirm"];
        put?: never;
        post?: never;
        delete?: never;
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
    "/app/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["WebhooksPageController_index"];
        put?: never;
        post: operations["WebhooksPageController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["WebhooksPageController_show"];
        put?: never;
        post: operations["WebhooksPageController_update"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/webhooks/{id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["WebhooksPageController_setStatus"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/webhooks/{id}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["WebhooksPageController_rotate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/webhooks/{id}/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["WebhooksPageController_delete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/webhooks/{id}/deliveries/{delivery_id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["WebhooksPageController_retry"];
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
    "/api/v1/operator/webhook_subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["WebhookSubscriptionsController_list"];
        put?: never;
        post: operations["WebhookSubscriptionsController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/webhook_subscriptions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["WebhookSubscriptionsController_show"];
        put?: never;
        post?: never;
        delete: operations["WebhookSubscriptionsController_delete"];
        options?: never;
        head?: never;
        patch: operations["WebhookSubscriptionsController_update"];
        trace?: never;
    };
    "/api/v1/operator/webhook_subscriptions/{id}/rotate_secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["WebhookSubscriptionsController_rotateSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/webhook_subscriptions/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["WebhookSubscriptionsController_listDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/webhook_subscriptions/{id}/deliveries/{delivery_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["WebhookSubscriptionsController_showDelivery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/webhook_subscriptions/{id}/deliveries/{delivery_id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["WebhookSubscriptionsController_retry"];
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
    "/api/asyncapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The AsyncAPI document of the WebSocket
         * @description AsyncAPI 2.6: the /socket channel, every message a client sends and receives, close codes and limits.
         */
        get: operations["AsyncApiController_document"];
        put?: never;
        post?: never;
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
    "/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["DocsController_index"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/problems": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["DocsController_problems"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/problems/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["DocsController_problem"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["PaymentsController_receive"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workflow_targets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["WorkflowTargetsController_list"];
        put?: never;
        post: operations["WorkflowTargetsController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workflow_targets/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: operations["WorkflowTargetsController_delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/replays": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["ReplaysController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/workflow_targets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["OperatorReplaysController_listTargets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/replays": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["OperatorReplaysController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/security_violations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["SecurityViolationsController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/security_violations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["SecurityViolationsController_show"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch: operations["SecurityViolationsController_update"];
        trace?: never;
    };
    "/app/security-violations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["SecurityViolationsPageController_page"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/security-violations/{id}/acknowledge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["SecurityViolationsPageController_acknowledge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/security-violations/{id}/resolve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["SecurityViolationsPageController_resolve"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/gateway_rules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["GatewayRulesController_list"];
        put?: never;
        post: operations["GatewayRulesController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/gateway_rules/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["GatewayRulesController_show"];
        put?: never;
        post?: never;
        delete: operations["GatewayRulesController_delete"];
        options?: never;
        head?: never;
        patch: operations["GatewayRulesController_update"];
        trace?: never;
    };
    "/api/v1/gateway/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["GatewayCheckController_check"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/approvals/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["GatewayCheckController_show"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/approvals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["ApprovalsController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/approvals/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["ApprovalsController_show"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/approvals/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["ApprovalsController_approve"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/approvals/{id}/deny": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["ApprovalsController_deny"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/approvals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["ApprovalsPageController_page"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/approvals/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["ApprovalsPageController_approve"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/approvals/{id}/deny": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["ApprovalsPageController_deny"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/batch_operations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["BatchOperationsController_list"];
        put?: never;
        post: operations["BatchOperationsController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/batch_operations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["BatchOperationsController_show"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/batch_operations/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["BatchOperationsController_cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/batch-operations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["BatchOperationsPageController_page"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/batch-operations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["BatchOperationsPageController_show"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/batch-operations/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["BatchOperationsPageController_cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/ota-updates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["OtaUpdatesController_list"];
        put?: never;
        post: operations["OtaUpdatesController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/ota-updates/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["OtaUpdatesController_show"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/ota-updates/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["OtaUpdatesController_cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ota_updates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["OtaUpdatesMachineController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ota_updates/{id}": {
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
        patch: operations["OtaUpdatesMachineController_report"];
        trace?: never;
    };
    "/app/ota-updates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["OtaUpdatesPageController_page"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/ota-updates/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["OtaUpdatesPageController_cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/data_requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["DataRequestsController_list"];
        put?: never;
        post: operations["DataRequestsController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/data_requests/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["DataRequestsController_show"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/data_requests/{id}/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["DataRequestsController_download"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/partners": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AdminPartnersController_list"];
        put?: never;
        post: operations["AdminPartnersController_issue"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/partners/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AdminPartnersController_show"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch: operations["AdminPartnersController_update"];
        trace?: never;
    };
    "/api/v1/admin/partners/{id}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["AdminPartnersController_rotate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/partners/{id}/suspend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["AdminPartnersController_suspend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/partners/{id}/reinstate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["AdminPartnersController_reinstate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/partners": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AdminPartnersController_page"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/partners": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["OperatorEngagementsController_listPartners"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/engagements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["OperatorEngagementsController_list"];
        put?: never;
        post: operations["OperatorEngagementsController_grant"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/engagements/{id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["OperatorEngagementsController_revoke"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/engagements/{id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["OperatorEngagementsController_events"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/engagements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["OperatorEngagementsController_page"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/engagements/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["OperatorEngagementsController_eventsPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/partner/engagements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["PartnerController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/partner/engagements/{id}/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["PartnerController_mint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/engagements/{id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["EngagementEventsController_list"];
        put?: never;
        post: operations["EngagementEventsController_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The API reference
         * @description This document rendered as a browsable reference (Swagger UI), with every operation, schema and security scheme. No authentication.
         */
        get: operations["ApiReference"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/docs-json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The OpenAPI document
         * @description This OpenAPI 3 document as JSON, the source of the SDK's types. No authentication. The WebSocket is described by the AsyncAPI document at /api/asyncapi.json.
         */
        get: operations["OpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/socket": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Open the WebSocket
         * @description Upgrades to the WebSocket whose messages the AsyncAPI document at /api/asyncapi.json describes. A service agent authenticates with a socket token in the `socket_token` query parameter (POST /api/v1/socket_tokens, scope `sockets:connect`, valid 600 s); an operator's browser with its session cookie. A plain GET without `Upgrade: websocket` is 404.
         */
        get: operations["OpenSocket"];
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
        RepoCheckDto: {
            /**
             * @description `degraded` when the ping took longer than 500 ms
             * @enum {string}
             */
            status: "ok" | "degraded" | "error";
            /**
             * @description how long the database ping took, when it answered
             * @example 3
             */
            latency_ms?: number;
            /** @enum {string} */
            error?: "database_unreachable";
        };
        MigrationsCheckDto: {
            /** @enum {string} */
            status: "ok" | "degraded" | "error";
            /** @description migrations not applied yet; null when they could not be read */
            pending: number | null;
            /** @enum {string} */
            error?: "migrations_unknown";
        };
        JobsCheckDto: {
            /** @enum {string} */
            status: "ok" | "degraded" | "error";
            /** @description every job queue, by name: its status and the workers of this node on it */
            queues: {
                [key: string]: {
                    /** @enum {string} */
                    status: "ok" | "degraded" | "error";
                    concurrency: number;
                };
            };
            /** @enum {string} */
            error?: "redis_unreachable";
        };
        ReadyChecksDto: {
            /** @description PostgreSQL answers a ping */
            repo: components["schemas"]["RepoCheckDto"];
            /** @description no migration is pending */
            migrations: components["schemas"]["MigrationsCheckDto"];
            /** @description the job queues (the interface keeps the name `oban`): Redis reachable, a worker on each queue */
            oban: components["schemas"]["JobsCheckDto"];
        };
        ReadyResponseDto: {
            /**
             * @description any check in error: `error` (503); any slow check: `degraded` (200)
             * @enum {string}
             */
            status: "ok" | "degraded" | "error";
            /** Format: date-time */
            timestamp: string;
            checks: components["schemas"]["ReadyChecksDto"];
        };
        /**
         * @description subset of the credential's scopes
         * @enum {string}
         */
        MachineScope: "traces:write" | "traces:read" | "eval_runs:read" | "eval_runs:write" | "eval_suites:read" | "eval_suites:write" | "gateway:check" | "replays:write" | "workflow_targets:read" | "workflow_targets:write" | "agent_commands:read" | "events:read" | "sockets:connect" | "credentials:write" | "messages:read" | "messages:write" | "tasks:read" | "tasks:write" | "ota_updates:read" | "ota_updates:write";
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
        DomainEventDto: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            type: "agent_command.created" | "agent_command.completed" | "robot.claimed" | "robot.retired" | "api_key.revoked" | "approval.requested" | "approval.decided" | "security_violation.opened" | "ota_update.updated" | "eval_run.completed" | "batch_operation.completed" | "data_request.completed" | "scim.user.provisioned" | "scim.user.deprovisioned";
            /** @description what the event is about, by type (docs/webhooks.md) */
            data: {
                [key: string]: unknown;
            };
            /** Format: date-time */
            inserted_at: string;
        };
        PaginationDto: {
            limit: number;
            offset: number;
            /** @description items matching, across all pages */
            total: number;
            has_more: boolean;
        };
        DomainEventListDto: {
            events: components["schemas"]["DomainEventDto"][];
            /** @description number of events in this response */
            count: number;
            pagination: components["schemas"]["PaginationDto"];
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
            status?: "pending" | "running" | "done" | "failed";
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
        /**
         * @description the event types to receive, or ["*"] for every type (also those added later)
         * @enum {string}
         */
        WebhookEventTypeSelection: "*" | "agent_command.created" | "agent_command.completed" | "robot.claimed" | "robot.retired" | "api_key.revoked" | "approval.requested" | "approval.decided" | "security_violation.opened" | "ota_update.updated" | "eval_run.completed" | "batch_operation.completed" | "data_request.completed" | "scim.user.provisioned" | "scim.user.deprovisioned";
        CreateWebhookSubscriptionDto: {
            /**
             * @description http(s) URL without credentials or fragment; in production https only, and it must not resolve to a private, loopback or link-local address
             * @example https://hooks.example.com/agent-network
             */
            url: string;
            /**
             * @description the event types to receive, or ["*"] for every type (also those added later)
             * @example [
             *       "robot.claimed",
             *       "robot.retired"
             *     ]
             */
            event_types: components["schemas"]["WebhookEventTypeSelection"][];
            description?: string | null;
        };
        WebhookSubscriptionWithSecretDto: {
            /** Format: uuid */
            id: string;
            url: string;
            description: string | null;
            event_types: components["schemas"]["WebhookEventTypeSelection"][];
            /** @enum {string} */
            status: "active" | "disabled";
            /**
             * @description why it is disabled
             * @enum {string|null}
             */
            disabled_reason: "operator" | "failing" | "gone" | null;
            /**
             * Format: date-time
             * @description first failed attempt since the last success
             */
            failing_since: string | null;
            /**
             * Format: date-time
             * @description until then deliveries are signed by the previous secret too
             */
            previous_secret_expires_at: string | null;
            /** Format: date-time */
            inserted_at: string;
            /** Format: date-time */
            updated_at: string;
            /**
             * @description shown once: whsec_ and base64 of 32 random bytes
             * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSwMfKQ9r8GKYq=
             */
            secret: string;
        };
        WebhookSubscriptionSecretEnvelopeDto: {
            webhook_subscription: components["schemas"]["WebhookSubscriptionWithSecretDto"];
        };
        WebhookSubscriptionDto: {
            /** Format: uuid */
            id: string;
            url: string;
            description: string | null;
            event_types: components["schemas"]["WebhookEventTypeSelection"][];
            /** @enum {string} */
            status: "active" | "disabled";
            /**
             * @description why it is disabled
             * @enum {string|null}
             */
            disabled_reason: "operator" | "failing" | "gone" | null;
            /**
             * Format: date-time
             * @description first failed attempt since the last success
             */
            failing_since: string | null;
            /**
             * Format: date-time
             * @description until then deliveries are signed by the previous secret too
             */
            previous_secret_expires_at: string | null;
            /** Format: date-time */
            inserted_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        WebhookSubscriptionListDto: {
            webhook_subscriptions: components["schemas"]["WebhookSubscriptionDto"][];
            /** @description number of subscriptions in this response */
            count: number;
            pagination: components["schemas"]["PaginationDto"];
        };
        WebhookSubscriptionEnvelopeDto: {
            webhook_subscription: components["schemas"]["WebhookSubscriptionDto"];
        };
        UpdateWebhookSubscriptionDto: {
            url?: string;
            /**
             * @description the event types to receive, or ["*"] for every type (also those added later)
             * @example [
             *       "robot.claimed",
             *       "robot.retired"
             *     ]
             */
            event_types?: components["schemas"]["WebhookEventTypeSelection"][];
            /**
             * @description active re-enables (and forgets past failures); disabled stops deliveries
             * @enum {string}
             */
            status?: "active" | "disabled";
            /** @description null clears it */
            description?: string | null;
        };
        WebhookDeliveryDto: {
            /**
             * Format: uuid
             * @description also the webhook-id header of every attempt
             */
            id: string;
            /** Format: uuid */
            subscription_id: string;
            /** Format: uuid */
            event_id: string;
            /** @enum {string} */
            event_type: "agent_command.created" | "agent_command.completed" | "robot.claimed" | "robot.retired" | "api_key.revoked" | "approval.requested" | "approval.decided" | "security_violation.opened" | "ota_update.updated" | "eval_run.completed" | "batch_operation.completed" | "data_request.completed" | "scim.user.provisioned" | "scim.user.deprovisioned";
            /** @enum {string} */
            status: "pending" | "succeeded" | "failed";
            /** @description attempts made so far */
            attempts: number;
            /** @description the last attempt's HTTP status, if the receiver answered */
            response_status: number | null;
            /** @description why the last attempt failed */
            last_error: string | null;
            /**
             * Format: date-time
             * @description pending only: when the next attempt is due
             */
            next_attempt_at: string | null;
            /** Format: date-time */
            last_attempt_at: string | null;
            /** Format: date-time */
            inserted_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        WebhookDeliveryListDto: {
            deliveries: components["schemas"]["WebhookDeliveryDto"][];
            /** @description number of deliveries in this response */
            count: number;
            pagination: components["schemas"]["PaginationDto"];
        };
        WebhookDeliveryAttemptDto: {
            /** @description 1 for the first attempt */
            number: number;
            /** @description asked for with retry */
            manual: boolean;
            /** Format: date-time */
            started_at: string;
            duration_ms: number;
            response_status: number | null;
            error: string | null;
        };
        WebhookDeliveryWithAttemptsDto: {
            /**
             * Format: uuid
             * @description also the webhook-id header of every attempt
             */
            id: string;
            /** Format: uuid */
            subscription_id: string;
            /** Format: uuid */
            event_id: string;
            /** @enum {string} */
            event_type: "agent_command.created" | "agent_command.completed" | "robot.claimed" | "robot.retired" | "api_key.revoked" | "approval.requested" | "approval.decided" | "security_violation.opened" | "ota_update.updated" | "eval_run.completed" | "batch_operation.completed" | "data_request.completed" | "scim.user.provisioned" | "scim.user.deprovisioned";
            /** @enum {string} */
            status: "pending" | "succeeded" | "failed";
            /** @description attempts made so far */
            attempts: number;
            /** @description the last attempt's HTTP status, if the receiver answered */
            response_status: number | null;
            /** @description why the last attempt failed */
            last_error: string | null;
            /**
             * Format: date-time
             * @description pending only: when the next attempt is due
             */
            next_attempt_at: string | null;
            /** Format: date-time */
            last_attempt_at: string | null;
            /** Format: date-time */
            inserted_at: string;
            /** Format: date-time */
            updated_at: string;
            /** @description every recorded attempt, oldest first */
            attempt_history: components["schemas"]["WebhookDeliveryAttemptDto"][];
        };
        WebhookDeliveryDetailEnvelopeDto: {
            delivery: components["schemas"]["WebhookDeliveryWithAttemptsDto"];
        };
        WebhookDeliveryEnvelopeDto: {
            delivery: components["schemas"]["WebhookDeliveryDto"];
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
            max_claims?: number;
            /**
             * @description seconds
             * @default 86400
             */
            expires_in?: number;
            /** @description when not empty, only these serial numbers may claim */
            serial_allowlist?: string[];
            /**
             * Format: uuid
             * @description a cohort of this workspace; a claim's robot joins it
             */
            cohort_id?: string;
            /** @description added to each claim's robot */
            default_tags?: string[];
            /** @description scopes of the credentials each claim issues; default: agent_commands:read, events:read, sockets:connect, messages:read, messages:write, tasks:read, tasks:write, traces:write, ota_updates:read, ota_updates:write */
            scopes?: ("traces:write" | "traces:read" | "eval_runs:read" | "eval_runs:write" | "eval_suites:read" | "eval_suites:write" | "gateway:check" | "replays:write" | "workflow_targets:read" | "workflow_targets:write" | "agent_commands:read" | "events:read" | "sockets:connect" | "credentials:write" | "messages:read" | "messages:write" | "tasks:read" | "tasks:write" | "ota_updates:read" | "ota_updates:write")[];
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
            status?: "ok" | "error";
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
            kind: "trace" | "message" | "agent_command" | "security_violation" | "event";
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
        PaymentReceiptDto: {
            /** @enum {boolean} */
            received: true;
            /**
             * @description applied: the workspace changed as the event says; ignored: nothing to change (unknown workspace, type or plan, an older event); duplicate: this event id was processed before
             * @enum {string}
             */
            outcome: "applied" | "ignored" | "duplicate";
        };
        CreateWorkflowTargetDto: {
            name: string;
            /** @description where replays are POSTed; in production https and a public address only */
            url: string;
        };
        IssuedWorkflowTargetDto: {
            /** Format: uuid */
            id: string;
            name: string;
            url: string;
            /** Format: date-time */
            inserted_at: string;
            /** @description whsec_..., shown once: replays are signed with it as Standard Webhooks are */
            secret: string;
        };
        WorkflowTargetEnvelopeDto: {
            workflow_target: components["schemas"]["IssuedWorkflowTargetDto"];
        };
        WorkflowTargetDto: {
            /** Format: uuid */
            id: string;
            name: string;
            url: string;
            /** Format: date-time */
            inserted_at: string;
        };
        WorkflowTargetListDto: {
            workflow_targets: components["schemas"]["WorkflowTargetDto"][];
            /** @description number of targets in this response */
            count: number;
            pagination: components["schemas"]["PaginationDto"];
        };
        CreateReplayDto: {
            /**
             * Format: uuid
             * @description the trace's record id (not its trace_id), a trace of the workspace
             */
            trace_id: string;
            /**
             * Format: uuid
             * @description a workflow target of the workspace; default: the newest one
             */
            workflow_target_id?: string;
        };
        ReplayDto: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            trace_id: string;
            /** Format: uuid */
            workflow_target_id: string;
            /** @enum {string} */
            status: "queued" | "running" | "succeeded" | "failed";
            /** @description the target's HTTP status on the last attempt */
            response_status: number | null;
            /** @description attempts made so far (at most 3) */
            attempts: number;
            /** @description why the last attempt failed */
            last_error: string | null;
            /** Format: date-time */
            inserted_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        ReplayEnvelopeDto: {
            replay: components["schemas"]["ReplayDto"];
        };
        ReplayListDto: {
            replays: components["schemas"]["ReplayDto"][];
            /** @description number of replays in this response */
            count: number;
            pagination: components["schemas"]["PaginationDto"];
        };
        SecurityViolationDto: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            kind: "gateway_denied" | "revoked_key_presented" | "archived_key_presented" | "retired_robot_credential";
            /** @enum {string} */
            severity: "low" | "medium" | "high" | "critical";
            /** @enum {string} */
            status: "open" | "acknowledged" | "resolved";
            /** Format: uuid */
            service_agent_id: string | null;
            /**
             * Format: uuid
             * @description the credential presented, when one was
             */
            credential_id: string | null;
            /** @description what happened: the key prefix, the rule and action, the robot */
            detail: {
                [key: string]: unknown;
            };
            /** @description how often it happened within its window (repeats count here instead of opening more violations) */
            occurrences: number;
            /** Format: date-time */
            last_seen_at: string;
            /** Format: date-time */
            acknowledged_at: string | null;
            /** Format: uuid */
            acknowledged_by: string | null;
            /** Format: date-time */
            resolved_at: string | null;
            /** Format: uuid */
            resolved_by: string | null;
            /** Format: date-time */
            inserted_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        SecurityViolationListDto: {
            security_violations: components["schemas"]["SecurityViolationDto"][];
            /** @description number of violations in this response */
            count: number;
            pagination: components["schemas"]["PaginationDto"];
        };
        SecurityViolationEnvelopeDto: {
            security_violation: components["schemas"]["SecurityViolationDto"];
        };
        UpdateSecurityViolationDto: {
            /**
             * @description open → acknowledged → resolved, or open → resolved; else 409 invalid_transition
             * @enum {string}
             */
            status: "open" | "acknowledged" | "resolved";
        };
        CreateGatewayRuleDto: {
            /**
             * @description a glob over the action: * matches any run of characters, ? one character; 1 to 200 characters
             * @example payments.*
             */
            action: string;
            /** @enum {string} */
            effect: "allow" | "deny" | "require_approval";
            /**
             * @description lower applies first; ties: the older rule first
             * @default 100
             */
            priority?: number;
            description?: string | null;
        };
        GatewayRuleDto: {
            /** Format: uuid */
            id: string;
            /** @description a glob over the action: * matches any run of characters, ? one character; 1 to 200 characters */
            action: string;
            /** @enum {string} */
            effect: "allow" | "deny" | "require_approval";
            priority: number;
            description: string | null;
            /** Format: uuid */
            created_by: string | null;
            /** Format: date-time */
            inserted_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        GatewayRuleEnvelopeDto: {
            gateway_rule: components["schemas"]["GatewayRuleDto"];
        };
        GatewayRuleListDto: {
            /** @description ascending priority, ties oldest first: the order checks apply them */
            gateway_rules: components["schemas"]["GatewayRuleDto"][];
            /** @description number of rules in this response */
            count: number;
        };
        UpdateGatewayRuleDto: {
            /** @description a glob over the action: * matches any run of characters, ? one character; 1 to 200 characters */
            action?: string;
            /** @enum {string} */
            effect?: "allow" | "deny" | "require_approval";
            priority?: number;
            /** @description null clears it */
            description?: string | null;
        };
        GatewayCheckDto: {
            /**
             * @description what the agent is about to do
             * @example payments.refund
             */
            action: string;
            /** @example order/1234 */
            resource?: string;
            /** @description kept on an approval for the operator; at most 8192 bytes as JSON */
            context?: {
                [key: string]: unknown;
            };
        };
        ApprovalDto: {
            /** Format: uuid */
            id: string;
            /**
             * Format: uuid
             * @description the agent whose check asked for it
             */
            service_agent_id: string;
            action: string;
            resource: string | null;
            /** @description the check's context */
            context: {
                [key: string]: unknown;
            };
            /** @enum {string} */
            status: "pending" | "approved" | "denied" | "expired";
            /**
             * Format: uuid
             * @description the rule that required it (null once deleted)
             */
            gateway_rule_id: string | null;
            /**
             * Format: uuid
             * @description the operator who approved or denied it
             */
            decided_by: string | null;
            /** Format: date-time */
            decided_at: string | null;
            /**
             * Format: date-time
             * @description 24 hours after the check; a pending approval then becomes expired
             */
            expires_at: string;
            /** Format: date-time */
            inserted_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        GatewayCheckResponseDto: {
            /** @enum {string} */
            decision: "allow" | "deny" | "require_approval";
            /**
             * @description matched_rule: the first matching rule decided; no_matching_rule: allowed by default
             * @enum {string}
             */
            reason: "matched_rule" | "no_matching_rule";
            /**
             * Format: uuid
             * @description the rule that decided
             */
            rule_id: string | null;
            /** @description with require_approval: the pending approval (the same one while it stays pending) */
            approval?: components["schemas"]["ApprovalDto"];
        };
        ApprovalEnvelopeDto: {
            approval: components["schemas"]["ApprovalDto"];
        };
        ApprovalListDto: {
            approvals: components["schemas"]["ApprovalDto"][];
            /** @description number of approvals in this response */
            count: number;
            pagination: components["schemas"]["PaginationDto"];
        };
        CreateBatchOperationDto: {
            /** @enum {string} */
            action: "retire_robots" | "tag_robots" | "send_agent_command" | "create_ota_update" | "revoke_api_keys";
            /** @description robot ids; service agent ids for send_agent_command; credential ids for revoke_api_keys. Repeats count once. Or cohort_id. */
            target_ids?: string[];
            /**
             * Format: uuid
             * @description a cohort of the workspace: its robots (their agents for send_agent_command); not for revoke_api_keys
             */
            cohort_id?: string;
            /** @description per action: tag_robots { tags: string[] }; send_agent_command { name, payload? }; create_ota_update { update_type, version, artifact_url, sha256 }; retire_robots and revoke_api_keys {} */
            params?: {
                [key: string]: unknown;
            };
        };
        BatchOperationDto: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            action: "retire_robots" | "tag_robots" | "send_agent_command" | "create_ota_update" | "revoke_api_keys";
            /** @description per action: tag_robots { tags: string[] }; send_agent_command { name, payload? }; create_ota_update { update_type, version, artifact_url, sha256 }; retire_robots and revoke_api_keys {} */
            params: {
                [key: string]: unknown;
            };
            /** @enum {string} */
            status: "queued" | "running" | "completed" | "failed" | "cancelled";
            /** @description targets in the operation */
            total: number;
            succeeded: number;
            failed: number;
            /** @description targets with nothing to do (already retired or revoked), or left when the operation was cancelled */
            skipped: number;
            /** Format: uuid */
            cohort_id: string | null;
            /** Format: uuid */
            created_by: string | null;
            /** @description why a failed operation stopped */
            error: string | null;
            /** Format: date-time */
            started_at: string | null;
            /** Format: date-time */
            finished_at: string | null;
            /** Format: date-time */
            cancelled_at: string | null;
            /** Format: uuid */
            cancelled_by: string | null;
            /** Format: date-time */
            inserted_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        BatchOperationEnvelopeDto: {
            batch_operation: components["schemas"]["BatchOperationDto"];
        };
        BatchOperationListDto: {
            batch_operations: components["schemas"]["BatchOperationDto"][];
            /** @description number of batch operations in this response */
            count: number;
            pagination: components["schemas"]["PaginationDto"];
        };
        BatchTargetDto: {
            /** Format: uuid */
            target_id: string;
            /** @enum {string} */
            status: "pending" | "succeeded" | "failed" | "skipped";
            /** @description a code: not_found, robot_retired, service_agent_inactive, cancelled, ... */
            error: string | null;
        };
        BatchOperationWithTargetsDto: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            action: "retire_robots" | "tag_robots" | "send_agent_command" | "create_ota_update" | "revoke_api_keys";
            /** @description per action: tag_robots { tags: string[] }; send_agent_command { name, payload? }; create_ota_update { update_type, version, artifact_url, sha256 }; retire_robots and revoke_api_keys {} */
            params: {
                [key: string]: unknown;
            };
            /** @enum {string} */
            status: "queued" | "running" | "completed" | "failed" | "cancelled";
            /** @description targets in the operation */
            total: number;
            succeeded: number;
            failed: number;
            /** @description targets with nothing to do (already retired or revoked), or left when the operation was cancelled */
            skipped: number;
            /** Format: uuid */
            cohort_id: string | null;
            /** Format: uuid */
            created_by: string | null;
            /** @description why a failed operation stopped */
            error: string | null;
            /** Format: date-time */
            started_at: string | null;
            /** Format: date-time */
            finished_at: string | null;
            /** Format: date-time */
            cancelled_at: string | null;
            /** Format: uuid */
            cancelled_by: string | null;
            /** Format: date-time */
            inserted_at: string;
            /** Format: date-time */
            updated_at: string;
            /** @description in the order they are applied; paged by target_limit and target_offset */
            targets: components["schemas"]["BatchTargetDto"][];
            /** @description the page of targets: limit, offset, total (all targets), has_more */
            targets_pagination: components["schemas"]["PaginationDto"];
        };
        BatchOperationShowDto: {
            batch_operation: components["schemas"]["BatchOperationWithTargetsDto"];
        };
        OtaUpdateDto: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            robot_id: string;
            /**
             * Format: uuid
             * @description the robot's agent, which gets the ota_update command
             */
            service_agent_id: string | null;
            /** @enum {string} */
            update_type: "firmware" | "software" | "config";
            version: string;
            artifact_url: string;
            sha256: string;
            /** @enum {string} */
            status: "pending" | "downloading" | "installing" | "succeeded" | "failed" | "cancelled";
            detail: string | null;
            /**
             * Format: uuid
             * @description the ota_update agent command
             */
            agent_command_id: string | null;
            /**
             * Format: uuid
             * @description the batch operation that created it, for a cohort
             */
            batch_operation_id: string | null;
            /** Format: uuid */
            created_by: string | null;
            /** Format: date-time */
            finished_at: string | null;
            /** Format: date-time */
            inserted_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        OtaUpdateEnvelopeDto: {
            ota_update: components["schemas"]["OtaUpdateDto"];
        };
        CreateOtaUpdateDto: {
            /** @enum {string} */
            update_type: "firmware" | "software" | "config";
            /** @example 4.3.1 */
            version: string;
            /** @example https://updates.example.com/robot-4.3.1.bin */
            artifact_url: string;
            /** @description SHA-256 of the artifact, 64 hex digits (upper case is accepted and lowered) */
            sha256: string;
            /**
             * Format: uuid
             * @description one robot (201 with the update); or cohort_id
             */
            robot_id?: string;
            /**
             * Format: uuid
             * @description a cohort: one update per robot, as a create_ota_update batch operation (202 with the operation)
             */
            cohort_id?: string;
        };
        OtaUpdateListDto: {
            ota_updates: components["schemas"]["OtaUpdateDto"][];
            /** @description number of updates in this response */
            count: number;
            pagination: components["schemas"]["PaginationDto"];
        };
        ReportOtaUpdateDto: {
            /**
             * @description forward only: pending → downloading → installing → succeeded | failed
             * @enum {string}
             */
            status: "downloading" | "installing" | "succeeded" | "failed";
            /** @description what the robot says about it (progress, an error) */
            detail?: string;
        };
        CreateDataRequestDto: {
            /**
             * @description export: a JSON document of everything held about the subject; erasure: anonymise it
             * @enum {string}
             */
            kind: "export" | "erasure";
            /** @enum {string} */
            subject_type: "user" | "service_agent" | "robot";
            /**
             * Format: uuid
             * @description an operator (member), visible service agent or robot of the workspace
             */
            subject_id: string;
        };
        DataRequestDto: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            kind: "export" | "erasure";
            /** @enum {string} */
            subject_type: "user" | "service_agent" | "robot";
            /** Format: uuid */
            subject_id: string;
            /** @enum {string} */
            status: "pending" | "processing" | "completed" | "failed";
            /**
             * Format: date-time
             * @description exports: until when GET .../download serves the document (7 days)
             */
            download_expires_at: string | null;
            /** Format: uuid */
            requested_by: string | null;
            /** @description why a failed request failed */
            error: string | null;
            /** Format: date-time */
            completed_at: string | null;
            /** Format: date-time */
            inserted_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        DataRequestEnvelopeDto: {
            data_request: components["schemas"]["DataRequestDto"];
        };
        DataRequestListDto: {
            data_requests: components["schemas"]["DataRequestDto"][];
            /** @description number of data requests in this response */
            count: number;
            pagination: components["schemas"]["PaginationDto"];
        };
        /** @enum {string} */
        PartnerScope: "engagements:read" | "engagement_tokens:write";
        CreatePartnerDto: {
            name: string;
            scopes: components["schemas"]["PartnerScope"][];
        };
        PartnerDto: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @enum {string} */
            status: "active" | "suspended";
            scopes: components["schemas"]["PartnerScope"][];
            /**
             * @description mpk_ and the 11-character prefix of the current key
             * @example mpk_Abc123Def45
             */
            key_prefix: string;
            /**
             * Format: date-time
             * @description last use of any of its keys (written at most once a minute per key)
             */
            last_used_at: string | null;
            /** Format: date-time */
            inserted_at: string;
        };
        PartnerKeyDto: {
            /** @description mpk_<prefix>.<secret>: shown once */
            key: string;
            /** @example mpk_Abc123Def45 */
            prefix: string;
            /** Format: date-time */
            created_at: string;
        };
        IssuedPartnerKeyEnvelopeDto: {
            partner: components["schemas"]["PartnerDto"];
            partner_key: components["schemas"]["PartnerKeyDto"];
        };
        PartnerListDto: {
            partners: components["schemas"]["PartnerDto"][];
            /** @description number of partners in this response */
            count: number;
            pagination: components["schemas"]["PaginationDto"];
        };
        PartnerEnvelopeDto: {
            partner: components["schemas"]["PartnerDto"];
        };
        UpdatePartnerDto: {
            name?: string;
            scopes?: components["schemas"]["PartnerScope"][];
        };
        RotatePartnerKeyDto: {
            /**
             * @description how long the old key keeps working; 0 stops it at once
             * @default 0
             */
            grace_period_seconds?: number;
        };
        PartnerSummaryDto: {
            /** Format: uuid */
            id: string;
            name: string;
        };
        PartnerSummaryListDto: {
            partners: components["schemas"]["PartnerSummaryDto"][];
            /** @description number of partners in this response */
            count: number;
            pagination: components["schemas"]["PaginationDto"];
        };
        /**
         * @description what tokens minted under the engagement may do; default: every engagement scope
         * @enum {string}
         */
        EngagementScope: "engagement_events:write" | "engagement_events:read";
        GrantEngagementDto: {
            /**
             * Format: uuid
             * @description an active partner (GET /api/v1/operator/partners)
             */
            partner_id: string;
            /** @description what tokens minted under the engagement may do; default: every engagement scope */
            scopes?: components["schemas"]["EngagementScope"][];
        };
        EngagementDto: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            partner_id: string;
            partner_name: string;
            /** Format: uuid */
            workspace_id: string;
            workspace_name: string;
            /** @enum {string} */
            status: "active" | "revoked";
            scopes: components["schemas"]["EngagementScope"][];
            /** Format: date-time */
            inserted_at: string;
            /** Format: date-time */
            revoked_at: string | null;
        };
        EngagementEnvelopeDto: {
            engagement: components["schemas"]["EngagementDto"];
        };
        EngagementListDto: {
            engagements: components["schemas"]["EngagementDto"][];
            /** @description number of engagements in this response */
            count: number;
            pagination: components["schemas"]["PaginationDto"];
        };
        EngagementEventDto: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            engagement_id: string;
            kind: string;
            payload: {
                [key: string]: unknown;
            };
            /** Format: date-time */
            inserted_at: string;
        };
        EngagementEventListDto: {
            engagement_events: components["schemas"]["EngagementEventDto"][];
            /** @description number of events in this response */
            count: number;
            pagination: components["schemas"]["PaginationDto"];
        };
        MintEngagementTokenDto: {
            /**
             * @description seconds; above 604800 it is clamped to 604800 (the effective value is returned)
             * @default 86400
             */
            expires_in?: number;
            /** @description a subset of the engagement's scopes; default: all of them */
            scopes?: components["schemas"]["EngagementScope"][];
        };
        EngagementTokenDto: {
            /** @description opaque bearer token for the engagement routes: shown once */
            token: string;
            /** @enum {string} */
            token_type: "Bearer";
            /** @description effective lifetime in seconds */
            expires_in: number;
            /** Format: date-time */
            expires_at: string;
            scopes: components["schemas"]["EngagementScope"][];
            /** Format: uuid */
            engagement_id: string;
        };
        EngagementTokenEnvelopeDto: {
            engagement_token: components["schemas"]["EngagementTokenDto"];
        };
        PostEngagementEventDto: {
            /** @example ticket.created */
            kind: string;
            /** @description any JSON object, at most 65536 bytes serialized; default {} */
            payload?: {
                [key: string]: unknown;
            };
        };
        EngagementEventEnvelopeDto: {
            engagement_event: components["schemas"]["EngagementEventDto"];
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
    EventsController_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                type?: "agent_command.created" | "agent_command.completed" | "robot.claimed" | "robot.retired" | "api_key.revoked" | "approval.requested" | "approval.decided" | "security_violation.opened" | "ota_update.updated" | "eval_run.completed" | "batch_operation.completed" | "data_request.completed" | "scim.user.provisioned" | "scim.user.deprovisioned";
                /** @description wins over type */
                "filter[type]"?: "agent_command.created" | "agent_command.completed" | "robot.claimed" | "robot.retired" | "api_key.revoked" | "approval.requested" | "approval.decided" | "security_violation.opened" | "ota_update.updated" | "eval_run.completed" | "batch_operation.completed" | "data_request.completed" | "scim.user.provisioned" | "scim.user.deprovisioned";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description an unknown type is 400 invalid_type */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainEventListDto"];
                };
            };
            /** @description invalid_limit, invalid_offset or invalid_type */
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
            /** @description a JSON log-in that failed: invalid_credentials (a form gets the form again, 401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": components["schemas"]["ProblemDto"];
                };
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
            /** @description a key is in place and the rotation was not confirmed: to the confirmation step */
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
    AppPageController_confirm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description asks to confirm a rotation (?action=rotate) or deletion (?action=delete) of the key */
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
    AppPageController_deleteForm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description revoked, back to the key page; or, not confirmed, to the confirmation step */
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
    WebhooksPageController_index: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the subscriptions and the form that adds one */
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
    WebhooksPageController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the new subscription with its secret, shown once (422: the form again, with what to fix) */
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
    WebhooksPageController_show: {
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
            /** @description one subscription and its recent deliveries (?status= filters them) */
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
    WebhooksPageController_update: {
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
            /** @description saved; back to the subscription (422: the form again) */
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
    WebhooksPageController_setStatus: {
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
            /** @description enabled or disabled; back to the subscription */
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
    WebhooksPageController_rotate: {
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
            /** @description the subscription with its new secret, shown once */
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
    WebhooksPageController_delete: {
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
            /** @description deleted; back to the list */
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
    WebhooksPageController_retry: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                delivery_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description a new attempt is queued; back to the subscription */
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
    WebhookSubscriptionsController_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                status?: "active" | "disabled";
                /** @description wins over status */
                "filter[status]"?: "active" | "disabled";
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
            /** @description newest first, without secrets */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookSubscriptionListDto"];
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
    WebhookSubscriptionsController_create: {
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
                "application/json": components["schemas"]["CreateWebhookSubscriptionDto"];
            };
        };
        responses: {
            /** @description the secret (whsec_...) is shown once */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookSubscriptionSecretEnvelopeDto"];
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
            /** @description validation_failed (url, event_types, ...) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description dns_unavailable: the host could not be resolved now (production URL rule) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    WebhookSubscriptionsController_show: {
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
                    "application/json": components["schemas"]["WebhookSubscriptionEnvelopeDto"];
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
            /** @description not found, not in this workspace, or not a UUID */
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
    WebhookSubscriptionsController_delete: {
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
            /** @description deleted, with its deliveries */
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
            /** @description not found, not in this workspace, or not a UUID */
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
    WebhookSubscriptionsController_update: {
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
                "application/json": components["schemas"]["UpdateWebhookSubscriptionDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookSubscriptionEnvelopeDto"];
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
            /** @description not found, not in this workspace, or not a UUID */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description validation_failed (url, event_types, ...) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description dns_unavailable: the host could not be resolved now (production URL rule) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    WebhookSubscriptionsController_rotateSecret: {
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
                    "application/json": components["schemas"]["WebhookSubscriptionSecretEnvelopeDto"];
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
            /** @description not found, not in this workspace, or not a UUID */
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
    WebhookSubscriptionsController_listDeliveries: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                status?: "pending" | "succeeded" | "failed";
                /** @description wins over status */
                "filter[status]"?: "pending" | "succeeded" | "failed";
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
            /** @description newest first; an invalid status is 400 invalid_status */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryListDto"];
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
            /** @description not found, not in this workspace, or not a UUID */
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
    WebhookSubscriptionsController_showDelivery: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path: {
                id: string;
                delivery_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description with every attempt */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryDetailEnvelopeDto"];
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
            /** @description not found, not in this workspace, or not a UUID */
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
    WebhookSubscriptionsController_retry: {
        parameters: {
            query?: never;
            header?: {
                /** @description workspace to act on; default: the oldest membership */
                "x-workspace-id"?: string;
            };
            path: {
                id: string;
                delivery_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the delivery, pending until the attempt is made */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryEnvelopeDto"];
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
            /** @description not found, not in this workspace, or not a UUID */
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
    AsyncApiController_document: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the AsyncAPI document (JSON) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
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
                kind?: "trace" | "message" | "agent_command" | "security_violation" | "event";
                /** @description wins over kind */
                "filter[kind]"?: "trace" | "message" | "agent_command" | "security_violation" | "event";
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
    DocsController_index: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description an index of the API documents (JSON); browsers are redirected to /app */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description a browser: to /app */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    DocsController_problems: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description every problem type, by status */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    DocsController_problem: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the problem type explained */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    PaymentsController_receive: {
        parameters: {
            query?: never;
            header: {
                /** @description t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>"> */
                "Stripe-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description the provider's event: { id, type, created, data: { object } } */
        requestBody: {
            content: {
                "application/json": {
                    /** @example evt_1 */
                    id: string;
                    /** @example invoice.paid */
                    type: string;
                    created?: number;
                    data?: Record<string, unknown>;
                };
            };
        };
        responses: {
            /** @description also for events that change nothing, so the provider does not retry them */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentReceiptDto"];
                };
            };
            /** @description problem body (application/problem+json) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description PAYMENTS_WEBHOOK_SECRET is not configured */
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
    WorkflowTargetsController_list: {
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
                    "application/json": components["schemas"]["WorkflowTargetListDto"];
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
    WorkflowTargetsController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateWorkflowTargetDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkflowTargetEnvelopeDto"];
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
    WorkflowTargetsController_delete: {
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
            /** @description deleted; replays still queued for it fail */
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
    ReplaysController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateReplayDto"];
            };
        };
        responses: {
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReplayEnvelopeDto"];
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
    OperatorReplaysController_listTargets: {
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
                    "application/json": components["schemas"]["WorkflowTargetListDto"];
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
    OperatorReplaysController_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                status?: "queued" | "running" | "succeeded" | "failed";
                /** @description wins over status */
                "filter[status]"?: "queued" | "running" | "succeeded" | "failed";
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
                    "application/json": components["schemas"]["ReplayListDto"];
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
    SecurityViolationsController_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                "filter[status]"?: "open" | "acknowledged" | "resolved";
                "filter[severity]"?: "low" | "medium" | "high" | "critical";
                "filter[kind]"?: "gateway_denied" | "revoked_key_presented" | "archived_key_presented" | "retired_robot_credential";
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
            /** @description newest first; only the nested filter[...] form is read */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SecurityViolationListDto"];
                };
            };
            /** @description invalid_limit, invalid_offset, invalid_status, invalid_severity or invalid_kind */
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
    SecurityViolationsController_show: {
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
                    "application/json": components["schemas"]["SecurityViolationEnvelopeDto"];
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
    SecurityViolationsController_update: {
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
                "application/json": components["schemas"]["UpdateSecurityViolationDto"];
            };
        };
        responses: {
            /** @description the changed violation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SecurityViolationEnvelopeDto"];
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
        };
    };
    SecurityViolationsPageController_page: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the newest 100 violations */
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
    SecurityViolationsPageController_acknowledge: {
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
            /** @description acknowledged; back to the page */
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
    SecurityViolationsPageController_resolve: {
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
            /** @description resolved; back to the page */
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
    GatewayRulesController_list: {
        parameters: {
            query?: {
                limit?: number;
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
                    "application/json": components["schemas"]["GatewayRuleListDto"];
                };
            };
            /** @description invalid_limit */
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
    GatewayRulesController_create: {
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
                "application/json": components["schemas"]["CreateGatewayRuleDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayRuleEnvelopeDto"];
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
            /** @description gateway_rule_limit_reached (500 rules a workspace) */
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
        };
    };
    GatewayRulesController_show: {
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
                    "application/json": components["schemas"]["GatewayRuleEnvelopeDto"];
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
    GatewayRulesController_delete: {
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
            /** @description deleted */
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
    GatewayRulesController_update: {
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
                "application/json": components["schemas"]["UpdateGatewayRuleDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayRuleEnvelopeDto"];
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
    GatewayCheckController_check: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GatewayCheckDto"];
            };
        };
        responses: {
            /** @description allow, deny (a security violation is opened) or require_approval (with the pending approval) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayCheckResponseDto"];
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
    GatewayCheckController_show: {
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
                    "application/json": components["schemas"]["ApprovalEnvelopeDto"];
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
    ApprovalsController_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                "filter[status]"?: "pending" | "approved" | "denied" | "expired";
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
            /** @description newest first; only the nested filter[...] form is read */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApprovalListDto"];
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
    ApprovalsController_show: {
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
                    "application/json": components["schemas"]["ApprovalEnvelopeDto"];
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
    ApprovalsController_approve: {
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
            /** @description the approved approval */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApprovalEnvelopeDto"];
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
            /** @description approval_not_pending (already decided, or expired) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    ApprovalsController_deny: {
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
            /** @description the denied approval */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApprovalEnvelopeDto"];
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
            /** @description approval_not_pending (already decided, or expired) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    ApprovalsPageController_page: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the newest 100 approvals (?status=pending for the pending ones) */
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
    ApprovalsPageController_approve: {
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
            /** @description approved; back to the page (409 page when it was no longer pending) */
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
    ApprovalsPageController_deny: {
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
            /** @description denied; back to the page (409 page when it was no longer pending) */
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
    BatchOperationsController_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                status?: "queued" | "running" | "completed" | "failed" | "cancelled";
                /** @description wins over status */
                "filter[status]"?: "queued" | "running" | "completed" | "failed" | "cancelled";
                action?: "retire_robots" | "tag_robots" | "send_agent_command" | "create_ota_update" | "revoke_api_keys";
                /** @description wins over action */
                "filter[action]"?: "retire_robots" | "tag_robots" | "send_agent_command" | "create_ota_update" | "revoke_api_keys";
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
            /** @description newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BatchOperationListDto"];
                };
            };
            /** @description invalid_limit, invalid_offset, invalid_status or invalid_action */
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
    BatchOperationsController_create: {
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
                "application/json": components["schemas"]["CreateBatchOperationDto"];
            };
        };
        responses: {
            /** @description queued; a worker applies it in chunks */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BatchOperationEnvelopeDto"];
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
    BatchOperationsController_show: {
        parameters: {
            query?: {
                target_limit?: number;
                target_offset?: number;
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
            /** @description with a page of its targets */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BatchOperationShowDto"];
                };
            };
            /** @description invalid_target_limit or invalid_target_offset */
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
    BatchOperationsController_cancel: {
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
            /** @description cancelled after the chunk in progress; the targets left are skipped */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BatchOperationEnvelopeDto"];
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
            /** @description invalid_transition: it has already finished */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    BatchOperationsPageController_page: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the newest 100 operations with their progress */
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
    BatchOperationsPageController_show: {
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
            /** @description one operation, its progress and its first 500 targets */
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
    BatchOperationsPageController_cancel: {
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
            /** @description cancelled after the chunk in progress; back to the operation */
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
    OtaUpdatesController_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                "filter[status]"?: "pending" | "downloading" | "installing" | "succeeded" | "failed" | "cancelled";
                "filter[update_type]"?: "firmware" | "software" | "config";
                "filter[robot_id]"?: string;
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
            /** @description newest first; only filter[status], filter[update_type] and filter[robot_id] are read */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OtaUpdateListDto"];
                };
            };
            /** @description invalid_limit, invalid_offset, invalid_status, invalid_update_type or invalid_robot_id */
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
    OtaUpdatesController_create: {
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
                "application/json": components["schemas"]["CreateOtaUpdateDto"];
            };
        };
        responses: {
            /** @description robot_id: the update, its ota_update command pushed to the robot */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OtaUpdateEnvelopeDto"];
                };
            };
            /** @description cohort_id: a create_ota_update batch operation */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BatchOperationEnvelopeDto"];
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
            /** @description ota_update_in_progress, robot_retired, robot_not_enrolled, service_agent_inactive */
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
        };
    };
    OtaUpdatesController_show: {
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
                    "application/json": components["schemas"]["OtaUpdateEnvelopeDto"];
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
    OtaUpdatesController_cancel: {
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
            /** @description the cancelled update */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OtaUpdateEnvelopeDto"];
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
            /** @description invalid_transition: it has already finished */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    OtaUpdatesMachineController_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                "filter[status]"?: "pending" | "downloading" | "installing" | "succeeded" | "failed" | "cancelled";
                "filter[update_type]"?: "firmware" | "software" | "config";
                "filter[robot_id]"?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the updates of the robot bound to the calling agent, newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OtaUpdateListDto"];
                };
            };
            /** @description invalid_limit, invalid_offset, invalid_status, invalid_update_type or invalid_robot_id */
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
    OtaUpdatesMachineController_report: {
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
                "application/json": components["schemas"]["ReportOtaUpdateDto"];
            };
        };
        responses: {
            /** @description the update as it now is */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OtaUpdateEnvelopeDto"];
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
            /** @description not an update of the calling robot */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description invalid_transition: backwards, or the update has finished */
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
    OtaUpdatesPageController_page: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the newest 100 updates */
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
    OtaUpdatesPageController_cancel: {
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
            /** @description cancelled; back to the page (409 page once it has finished) */
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
    DataRequestsController_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                status?: "pending" | "processing" | "completed" | "failed";
                /** @description wins over status */
                "filter[status]"?: "pending" | "processing" | "completed" | "failed";
                kind?: "export" | "erasure";
                /** @description wins over kind */
                "filter[kind]"?: "export" | "erasure";
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
            /** @description newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DataRequestListDto"];
                };
            };
            /** @description invalid_limit, invalid_offset, invalid_status or invalid_kind */
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
    DataRequestsController_create: {
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
                "application/json": components["schemas"]["CreateDataRequestDto"];
            };
        };
        responses: {
            /** @description pending; a worker runs it */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DataRequestEnvelopeDto"];
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
    DataRequestsController_show: {
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
                    "application/json": components["schemas"]["DataRequestEnvelopeDto"];
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
    DataRequestsController_download: {
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
            /** @description the export: { data_request, sections: { <section>: [records] } }, as an attachment */
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
            /** @description data_request_not_ready, or not_an_export */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description download_expired: more than 7 days after it completed */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
        };
    };
    AdminPartnersController_list: {
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
                    "application/json": components["schemas"]["PartnerListDto"];
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
    AdminPartnersController_issue: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreatePartnerDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IssuedPartnerKeyEnvelopeDto"];
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
    AdminPartnersController_show: {
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
                    "application/json": components["schemas"]["PartnerEnvelopeDto"];
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
            /** @description no such partner */
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
    AdminPartnersController_update: {
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
                "application/json": components["schemas"]["UpdatePartnerDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PartnerEnvelopeDto"];
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
            /** @description no such partner */
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
    AdminPartnersController_rotate: {
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
                "application/json": components["schemas"]["RotatePartnerKeyDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IssuedPartnerKeyEnvelopeDto"];
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
            /** @description no such partner */
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
    AdminPartnersController_suspend: {
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
                    "application/json": components["schemas"]["PartnerEnvelopeDto"];
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
            /** @description no such partner */
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
    AdminPartnersController_reinstate: {
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
                    "application/json": components["schemas"]["PartnerEnvelopeDto"];
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
            /** @description no such partner */
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
    AdminPartnersController_page: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description partners with status, scopes, last use and actions */
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
    OperatorEngagementsController_listPartners: {
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
            /** @description the active partners (id, name) this workspace may engage */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PartnerSummaryListDto"];
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
    OperatorEngagementsController_list: {
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
                    "application/json": components["schemas"]["EngagementListDto"];
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
    OperatorEngagementsController_grant: {
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
                "application/json": components["schemas"]["GrantEngagementDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EngagementEnvelopeDto"];
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
            /** @description engagement_exists: the partner already has an active engagement here */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description validation_failed (an unknown or suspended partner_id included) */
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
    OperatorEngagementsController_revoke: {
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
                    "application/json": components["schemas"]["EngagementEnvelopeDto"];
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
    OperatorEngagementsController_events: {
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
                    "application/json": components["schemas"]["EngagementEventListDto"];
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
    OperatorEngagementsController_page: {
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
            /** @description engagements with grant and revoke */
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
    OperatorEngagementsController_eventsPage: {
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
            /** @description one engagement and its latest events */
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
    PartnerController_list: {
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
            /** @description this partner's active engagements */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EngagementListDto"];
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
    PartnerController_mint: {
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
                "application/json": components["schemas"]["MintEngagementTokenDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EngagementTokenEnvelopeDto"];
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
            /** @description not this partner's active engagement */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProblemDto"];
                };
            };
            /** @description expires_in not a positive integer, or scopes beyond the engagement */
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
    EngagementEventsController_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
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
                    "application/json": components["schemas"]["EngagementEventListDto"];
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
            /** @description the id is not a UUID */
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
    EngagementEventsController_post: {
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
                "application/json": components["schemas"]["PostEngagementEventDto"];
            };
        };
        responses: {
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EngagementEventEnvelopeDto"];
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
            /** @description the id is not a UUID */
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
    ApiReference: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the reference page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
    OpenApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the OpenAPI document */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, unknown>;
                };
            };
        };
    };
    OpenSocket: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description switching protocols: the socket is open */
            101: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description no valid socket token or session: the upgrade is refused */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not an upgrade request */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
