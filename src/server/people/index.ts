export { readPeople } from './list';
export { readThread } from './thread';
