// quickstart-robot.ts: a robot on the SDK (docs/quickstart.md). In a project of your own the
// import is '@agent-network/sdk'; in this checkout the SDK's source is ../sdk/src.
import { agentClient, claim, FileCredentialStore } from '../sdk/src';

async function main(): Promise<void> {
  const baseUrl = process.env.AGENT_NETWORK_URL ?? 'http://localhost:4000';
  const store = new FileCredentialStore(process.env.CREDENTIALS_FILE ?? 'quickstart-robot/credentials.json');

  // The first run spends the enrollment token and saves the robot's own key (0600); a later run
  // with the same file reads the key back and claims nothing.
  const { credentials } = await claim({
    baseUrl,
    token: process.env.ENROLLMENT_TOKEN ?? '',
    serialNumber: 'QS-0002',
    agent: { firmware: '1.0.0' },
    store,
  });

  // The socket: a socket token, the upgrade, `ready`; then each command to its handler, whose
  // return value is the command's result (throwing fails it). It reconnects on its own.
  const socket = agentClient({ credentials, store }).socket({
    readyPayload: { firmware: '1.0.0' },
    handlers: {
      ping: async (command) => {
        console.log(`answered ping ${command.id}`);
        return { pong: command.payload };
      },
    },
  });
  await socket.start();
  console.log(`ready as agent ${credentials.service_agent_id}`);

  const stop = () => void socket.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
